// A submission still building or checking: reload its page every two seconds until it is done.
"use strict";

(function () {
  const data = pageData();
  if (data.status === "building" || data.status === "checking") setTimeout(() => window.location.reload(), 2000);
})();
