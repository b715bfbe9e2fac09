// The live ranking: fetched from /api/ranking every few seconds and redrawn (text only, never HTML).
"use strict";

(function () {
  const live = document.getElementById("live");
  const kind = pageData().kind;  // null: every rated game
  const columns = ["rank", "name", "games", "wins", "draws", "losses", "points", "irregular_losses"];

  function nameCell(row, index, value) {
    if (index !== 1) return null;
    const th = el("th", null, "name");
    const link = el("a", value);
    link.href = "/games?player=" + encodeURIComponent(value);
    th.appendChild(link);
    return th;
  }

  async function refresh() {
    try {
      const data = await getJson("/api/ranking" + (kind ? "?kind=" + encodeURIComponent(kind) : ""));
      fillBody(document.querySelector("#ranking tbody"), data.rows.map((row) => columns.map((c) => row[c])),
               nameCell);
      live.classList.remove("stale");
    } catch (error) {
      live.classList.add("stale");  // the server is away: the dot turns red, the table stays
    }
  }

  setInterval(refresh, 5000);
})();
