// The analysis under a replay: clicking the graph jumps to that ply, the move list shows each
// move's value and mistakes, the board the best move (through replay.js's boardUrl), and
// "Analyse" starts the analysis and polls it, redrawing as plies come in.
"use strict";

(function () {
  const view = pageData();
  let analysis = view.analysis;  // the document: complete, partial or null
  const box = document.getElementById("eval-graph-box");
  const button = document.getElementById("analyse");
  const progress = document.getElementById("analysis-progress");
  if (!box) return;

  function number(value) {
    return typeof value === "number" && isFinite(value) ? value : null;
  }

  // the best move at view ply n is the analysis's best for the move played from that position
  window.arenaAnalysis = {
    hint(n) {
      const entry = analysis && analysis.plies && analysis.plies[n];
      return entry && entry.best ? String(entry.best) : null;
    },
  };

  // the value from the first seat's view, as the graph draws it and the column's heading says
  // (an entry's own value is its mover's: the second seat's are turned round); the units are in
  // the heading too, so that the cell stays narrow
  function analysisText(entry) {
    const value = entry ? number(entry.value) : null;
    if (value === null) return "";
    const shown = entry.seat === 1 ? -value : value;
    let text = (shown >= 0 ? "+" : "−") + Math.abs(shown).toFixed(1);
    const loss = number(entry.loss);
    if (entry.mistake === true && loss !== null) text += " · mistake −" + loss.toFixed(1);
    if (entry.best && entry.best !== entry.move) text += " · best " + entry.best;
    return text;
  }

  // each move's row gets a last cell: the value before it (the first seat's view), a mistake and its cost
  function markMoves() {
    document.querySelectorAll("#moves tbody tr").forEach((tr, i) => {
      let cell = tr.querySelector("td.analysis");
      if (!cell) { cell = el("td", "", "analysis"); tr.appendChild(cell); }
      const entry = analysis && analysis.plies ? analysis.plies[i] : null;
      cell.textContent = analysisText(entry);
      tr.classList.toggle("mistake", Boolean(entry && entry.mistake === true));
    });
  }

  function moveCursor(ply) {
    const cursor = document.getElementById("eval-cursor");
    const column = box.querySelector('[data-ply="' + ply + '"]');
    if (!cursor) return;
    if (!column) { cursor.setAttribute("visibility", "hidden"); return; }
    const x = Number(column.getAttribute("x")) + Number(column.getAttribute("width")) / 2;
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    cursor.setAttribute("visibility", "visible");
  }

  box.addEventListener("click", (event) => {
    const target = event.target.closest("[data-ply]");
    if (target) window.arenaReplay.show(Number(target.getAttribute("data-ply")));
  });
  document.addEventListener("arena:ply", (event) => moveCursor(event.detail));

  // the graph comes from our own server, drawn from numbers and escaped text (graph.py):
  // parsed as SVG, not HTML, and only ever an <svg>
  function showGraph(svgText) {
    const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
    if (parsed.nodeName !== "svg") return;
    box.replaceChildren(document.importNode(parsed, true));
  }

  function update(status) {
    if (status.analysis) analysis = status.analysis;
    if (status.graph) showGraph(status.graph);
    const total = status.total === null || status.total === undefined ? "?" : status.total;
    const words = {none: "", queued: "waiting for another analysis to finish",
                   running: "analysed " + status.analysed + " / " + total,
                   done: "analysed " + status.analysed + " / " + total + " · done",
                   failed: "the analysis failed: " + status.error};
    if (progress) progress.textContent = words[status.state] || status.state;
    markMoves();
    window.arenaReplay.redraw();
    moveCursor(window.arenaReplay.ply());
    return status.state === "queued" || status.state === "running";
  }

  async function poll() {
    try {
      if (update(await getJson(view.analysis_url))) setTimeout(poll, 1000);
      else if (button) button.disabled = false;
    } catch (error) {
      if (progress) progress.textContent = "cannot reach the server: " + error.message;
      setTimeout(poll, 3000);
    }
  }

  if (button) {
    button.addEventListener("click", async () => {
      button.disabled = true;
      if (progress) progress.textContent = "starting…";
      try {
        if (update(await postJson(view.analysis_url, view.analysis_body || {}))) setTimeout(poll, 500);
        else button.disabled = false;
      } catch (error) {
        if (progress) progress.textContent = "the analysis cannot start: " + error.message;
        button.disabled = false;
      }
    });
  }
  markMoves();
  window.arenaReplay.redraw();
  moveCursor(window.arenaReplay.ply());
  // an analysis already running (started from another page or before a reload) keeps being followed
  if (analysis && !analysis.complete && view.analysis_url) poll();
})();
