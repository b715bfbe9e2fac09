// The new-game form: seats and built-in players follow the chosen game.
"use strict";

(function () {
  const games = pageData();
  const gameSelect = document.getElementById("game");
  const seatSelect = document.getElementById("seat");
  const bots = document.getElementById("bots");

  function follow() {
    const game = games.find((g) => g.name === gameSelect.value);
    seatSelect.replaceChildren(...game.seats.map((seat, i) => {
      const option = el("option", seat);
      option.value = i;
      return option;
    }));
    const started = (bots.dataset.opponents || "").split(" ").filter((name) => name);
    bots.replaceChildren(...game.bots.map((name) => "builtin:" + name).concat(started).map((value) => {
      const option = el("option");
      option.value = value;
      return option;
    }));
  }

  gameSelect.addEventListener("change", follow);
  follow();
  document.getElementById("new-game").addEventListener("submit", async (event) => {
    event.preventDefault();
    const seed = document.getElementById("seed").value;
    try {
      const started = await postJson("/api/play", {
        game: gameSelect.value,
        opponent: document.getElementById("opponent").value,
        seat: Number(seatSelect.value),
        seed: seed === "" ? null : Number(seed),
        time_scale: Number(document.getElementById("time_scale").value || 1),
      });
      window.location.href = started.url;
    } catch (error) {
      document.getElementById("form-error").textContent = String(error.message || error);
    }
  });
})();
