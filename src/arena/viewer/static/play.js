// A game in progress: long-polls the server for the position, sends moves typed, clicked or chosen.
"use strict";

(function () {
  const id = pageData().id;
  const api = "/api/play/" + id;
  const board = document.getElementById("board");
  const refusal = document.getElementById("refusal");
  let view = null;

  function show(v) {
    view = v;
    document.getElementById("status").textContent = v.status;
    document.getElementById("prompt").textContent = v.status === "your move" ? v.prompt || "your move" : "your move";
    if (v.svg) board.src = svgUrl(v.svg);
    if (v.board_scores) {
      document.getElementById("score").textContent = v.seats.map((s, i) => s + " " + v.board_scores[i]).join(" – ");
    } else if (v.board_scores === null) {  // a position with no score yet (Black Hole before its hole)
      document.getElementById("score").textContent = "none yet";
    }
    if (v.clocks) v.clocks.forEach((c, i) => {
      document.getElementById("clock" + i).textContent = i === v.you ? "no clock (you)" : clockText(c);
    });
    const yourMove = v.status === "your move";
    board.classList.toggle("your-move", yourMove);
    const legal = document.getElementById("legal");
    legal.replaceChildren(...(yourMove ? v.legal || [] : []).map((text) => {
      const button = el("button", text, "legal-move");
      button.type = "button";
      button.addEventListener("click", () => send(text));
      return button;
    }));
    document.getElementById("legal-count").textContent =
      yourMove ? (v.legal_count || 0) + " legal moves" + (v.legal && v.legal.length ? ":" : " (type yours)") : "";
    document.getElementById("heard").textContent = (v.heard || []).join("\n");
    const moves = document.getElementById("moves");
    moves.replaceChildren(...(v.moves || []).map((m) => el("li", v.seats[m.seat] + " " + m.text)));
    if (v.status === "over") {
      document.getElementById("over").hidden = false;
      document.getElementById("summary").textContent = v.summary;
      const link = document.getElementById("record-link");
      link.href = "/records/" + encodeURIComponent(v.record);
      window.location.href = link.href;  // the finished game opens in the replay
    }
    if (v.status === "failed") document.getElementById("failure").textContent = v.error;
  }

  async function send(text) {
    refusal.textContent = "";
    try {
      const answer = await postJson(api + "/move", {text: text});
      if (!answer.accepted) refusal.textContent = "Refused: " + answer.refusal;
    } catch (error) {
      refusal.textContent = String(error.message || error);
    }
  }

  board.addEventListener("click", async (event) => {
    if (!view || view.status !== "your move" || !view.viewbox) return;
    const box = board.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width * view.viewbox[0];
    const y = (event.clientY - box.top) / box.height * view.viewbox[1];
    refusal.textContent = "";
    try {
      const answer = await postJson(api + "/click", {x: x, y: y});
      if (!answer.accepted) refusal.textContent = "Refused" + (answer.move ? " " + answer.move : "") + ": " + answer.refusal;
    } catch (error) {
      refusal.textContent = String(error.message || error);
    }
  });

  document.getElementById("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("move-input");
    send(input.value);
    input.value = "";
  });
  document.getElementById("resign").addEventListener("click", () => postJson(api + "/resign"));

  async function follow() {
    let version = -1;
    for (;;) {
      try {
        const v = await getJson(api + "?after=" + version);
        if (v.version !== version) { version = v.version; show(v); }
        if (v.status === "over" || v.status === "failed") return;
      } catch (error) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
  follow();
})();
