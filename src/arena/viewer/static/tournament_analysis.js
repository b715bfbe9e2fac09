// "Analyse all" on a tournament's analysis page: queue the games, follow how many are done,
// and reload the page (the report) once none is left to wait for.
"use strict";

(function () {
  const index = pageData().index;
  const button = document.getElementById("analyse-all");
  const progress = document.getElementById("analysis-progress");
  const url = "/api/t/" + index + "/analysis";

  function say(report) {
    document.getElementById("analysed").textContent = report.analysed + " of " + report.games + " games analysed";
    progress.textContent = report.pending ? report.pending + " games waiting or running" : "";
  }

  async function poll() {
    try {
      const report = await getJson(url);
      say(report);
      if (report.pending) setTimeout(poll, 2000);
      else window.location.reload();
    } catch (error) {
      progress.textContent = "cannot reach the server: " + error.message;
    }
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const report = await postJson(url);
      say(report);
      if (report.pending) setTimeout(poll, 2000);
      else button.disabled = false;
    } catch (error) {
      progress.textContent = "cannot start: " + error.message;
      button.disabled = false;
    }
  });
  if (progress.textContent.trim()) setTimeout(poll, 2000);
})();
