// The replay: one board per ply, stepped with buttons, the slider, the keyboard or a #ply=N link.
// analysis.js, when loaded, sets window.arenaAnalysis.hint(ply) (the best move drawn on the board)
// and listens for "arena:ply" (the ply shown); window.arenaReplay lets it jump and redraw.
"use strict";

(function () {
  const view = pageData();
  const plies = view.plies;
  const last = plies.length - 1;
  const board = document.getElementById("board");
  const slider = document.getElementById("slider");
  const playButton = document.getElementById("playpause");
  let ply = 0;
  let timer = null;

  function scoreText(scores) {
    if (!scores) return "none yet";  // a position with no score (Black Hole before its hole)
    return view.seats.map((seat, i) => seat + " " + scores[i]).join(" – ");
  }

  function buildMoves() {
    const tbody = document.querySelector("#moves tbody");
    const rows = plies.slice(1).map((p) => {
      const m = p.move;
      let text = m.text + (m.jury ? " (jury)" : "");
      if (m.automatic && m.automatic.length) text += " + " + m.automatic.join(", ") + " (automatic)";
      return [p.ply, view.seats[m.seat], text, ms(m.wall_ms), ms(m.cpu_ms), clockText(m.clocks[0]),
              clockText(m.clocks[1])];
    });
    const fresh = fillBody(tbody, rows);
    Array.from(fresh.rows).forEach((tr, i) => tr.addEventListener("click", () => show(i + 1)));
  }

  function boardUrl(n) {
    const hint = window.arenaAnalysis ? window.arenaAnalysis.hint(n) : null;
    return view.svg_base + "/" + n + (hint ? "?hint=" + encodeURIComponent(hint) : "");
  }

  function show(n, fromHash) {
    ply = Math.max(0, Math.min(last, n));
    const p = plies[ply];
    const url = boardUrl(ply);
    if (board.getAttribute("src") !== url) board.src = url;
    slider.value = ply;
    document.getElementById("ply").textContent = ply;
    const link = document.getElementById("ply-link");
    link.href = "#ply=" + ply;
    if (!fromHash) history.replaceState(null, "", "#ply=" + ply);
    const m = p.move;
    document.getElementById("move-text").textContent = m
      ? "Move " + ply + ": " + view.seats[m.seat] + " " + m.text + (m.jury ? " (played by the jury)" : "") +
        " · " + ms(m.wall_ms) + " ms wall, " + ms(m.cpu_ms) + " ms CPU"
      : "The start position";
    const final = ply === last;
    document.getElementById("score").textContent = scoreText(final ? view.result.scores : p.board_scores);
    document.getElementById("score-kind").textContent = final ? "(the result)" : "(on the board)";
    p.clocks.forEach((c, i) => { document.getElementById("clock" + i).textContent = clockText(c); });
    document.querySelectorAll("#moves tbody tr").forEach((tr, i) => tr.classList.toggle("current", i + 1 === ply));
    const current = document.querySelector("#moves tr.current");
    if (current) {  // keep the move in view inside its box, without scrolling the page
      const box = document.querySelector(".moves-box");
      box.scrollTop = Math.max(0, current.offsetTop - box.clientHeight / 2);
    }
    if (final) pause();
    document.dispatchEvent(new CustomEvent("arena:ply", {detail: ply}));
  }

  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.textContent = "play";
  }

  function play() {
    if (ply === last) show(0);
    playButton.textContent = "pause";
    timer = setInterval(() => show(ply + 1), 700);
  }

  function plyFromLocation() {
    const hash = /ply=(\d+)/.exec(window.location.hash) || /[?&]ply=(\d+)/.exec(window.location.search);
    return hash ? Number(hash[1]) : 0;
  }

  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("back").addEventListener("click", () => show(ply - 1));
  document.getElementById("forward").addEventListener("click", () => show(ply + 1));
  document.getElementById("last").addEventListener("click", () => show(last));
  playButton.addEventListener("click", () => (timer ? pause() : play()));
  slider.addEventListener("input", () => show(Number(slider.value)));
  window.addEventListener("hashchange", () => show(plyFromLocation(), true));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const keys = {ArrowLeft: () => show(ply - 1), ArrowRight: () => show(ply + 1), Home: () => show(0),
                  End: () => show(last), " ": () => (timer ? pause() : play())};
    if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });
  // a best move the server cannot draw (a hand-edited analysis): the board without it
  board.addEventListener("error", () => {
    const plain = view.svg_base + "/" + ply;
    if (board.getAttribute("src") !== plain) board.src = plain;
  });
  buildMoves();
  // show: a jump (the address follows); redraw: the same ply again (a best move now known), address kept
  window.arenaReplay = {show: (n) => show(n), redraw: () => show(ply, true), ply: () => ply};
  show(plyFromLocation(), true);
  // once the page is shown, fetch every board one after the other (the nearest first), so that
  // stepping never waits and the server is never flooded
  function preload(order) {
    if (!order.length) return;
    const image = new Image();
    image.onload = image.onerror = () => preload(order.slice(1));
    image.src = boardUrl(order[0]);
  }
  window.addEventListener("load", () => setTimeout(() => {
    preload(plies.map((p) => p.ply).sort((a, b) => Math.abs(a - ply) - Math.abs(b - ply)));
  }, 100));
})();
