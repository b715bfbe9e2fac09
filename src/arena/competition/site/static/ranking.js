// The live ranking: while its round plays, fetched from /api/ranking every few seconds and redrawn
// (text only, never HTML). A finished competition's ranking never changes: nothing is fetched then.
"use strict";

(function () {
  const live = document.getElementById("live");
  const data = pageData();
  // a round that plays is followed; before any round, the default ranking, till the first one comes
  const waiting = data.round === null && data.kind === null;
  if (!data.live && !waiting) return;
  const url = waiting ? "/api/ranking"
    : "/api/ranking?" + (data.kind === "final" ? "kind=final" : "round=" + encodeURIComponent(data.round));
  // rank, name, then the columns the page was drawn with: the rule's figures first (ranking_rule.py)
  const columns = ["rank", "name"].concat(data.columns || ["games", "wins", "draws", "losses", "points",
                                                           "irregular_losses"]);

  function nameCell(row, index, value) {
    if (index === 0) return null;
    if (index > 1) return el("td", value, "col-" + columns[index]);  // its column, as the page drew it
    const th = el("th", null, "name");
    const link = el("a", value);
    link.href = "/games?player=" + encodeURIComponent(value);
    th.appendChild(link);
    return th;
  }

  async function refresh() {
    try {
      const answer = await getJson(url);
      fillBody(document.querySelector("#ranking tbody"), answer.rows.map((row) => columns.map((c) => row[c])),
               nameCell);
      if (live) {
        live.classList.remove("stale");
        if (!answer.live) live.textContent = "finished";
      }
    } catch (error) {
      if (live) live.classList.add("stale");  // the server is away: the dot turns red, the table stays
    }
  }

  setInterval(refresh, 5000);
})();
