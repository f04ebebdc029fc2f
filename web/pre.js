// Runs before the Emscripten runtime: sets up window.carvallo, the page's JavaScript API.
// `ready` resolves when the application has drawn its first frame.
(function () {
  const api = (window.carvallo = window.carvallo || {});
  api.ready = new Promise((resolve, reject) => {
    api._resolveReady = resolve;
    api._rejectReady = reject;
  });
  api.version = null;
})();
