// Live standings and games list: server-sent events say a game was saved; the page fetches the new data.
"use strict";

(function () {
  const page = pageData();
  const base = "/t/" + page.index;
  const liveMark = document.getElementById("live");

  function playerLink(name) {
    const th = el("th", null, "name");
    const a = el("a", name);
    a.href = base + "/games?" + new URLSearchParams({player: name});
    th.appendChild(a);
    return th;
  }

  function showStandings(view) {
    document.getElementById("progress").textContent = view.played + " of " + view.scheduled + " games played";
    document.getElementById("standings-title").textContent = view.title;
    const standings = document.getElementById("standings");
    fillHead(standings.tHead, view.standings.headers);
    fillBody(standings.tBodies[0], view.standings.rows, (row, i, value) => i === 1 ? playerLink(value) : null);
    const matrix = document.getElementById("matrix");
    document.getElementById("matrix-title").textContent = view.matrix.heading;
    fillHead(matrix.tHead, [""].concat(view.matrix.names));
    fillBody(matrix.tBodies[0], view.matrix.rows, (row, i, value) => i === 0 ? playerLink(value) : null);
  }

  function showGames(view) {
    document.getElementById("total").textContent = view.total + " games";
    const rows = view.games.map((g) => [g.slot, g.round, g.players[0], g.players[1], g.scores.join(" – "),
      g.winner === null ? "draw" : g.winner, g.verdicts.join(" / "), g.moves, g.reason]);
    const table = document.getElementById("games");
    fillBody(table.tBodies[0], rows, (row, i, value) => {
      if (i === 0) {
        const td = el("td");
        const a = el("a", value);
        a.href = base + "/games/" + value;
        td.appendChild(a);
        return td;
      }
      return i === 8 ? el("td", value, "reason") : null;
    });
  }

  async function refresh() {
    try {
      if (page.kind === "standings") showStandings(await getJson("/api" + base));
      else showGames(await getJson("/api" + base + "/games" + window.location.search));
      liveMark.classList.remove("stale");
    } catch (error) {
      liveMark.classList.add("stale");
    }
  }

  function showFinished() {
    liveMark.textContent = "finished";
    liveMark.classList.remove("live", "stale");
  }

  if (page.finished) return;  // nothing more will come: no stream held open
  const events = new EventSource("/api" + base + "/events");
  // the first event comes at once: a game saved between the page and the stream is not missed
  events.addEventListener("games", refresh);
  events.addEventListener("finished", () => {
    events.close();  // else the browser would reconnect to a stream that only says it again
    refresh().then(showFinished);
  });
  events.onerror = () => liveMark.classList.add("stale");
  events.onopen = () => liveMark.classList.remove("stale");
})();
