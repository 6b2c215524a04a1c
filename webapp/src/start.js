// Starts the app once the page's first view is on screen (index.html's #boot, written by the
// server: entrypoints/http/pages/first_view.py). vite.config.ts moves the app's entry module
// and its preloads into this tag's data-app and data-preload, so the browser fetches the
// first view's photos before the JavaScript and paints them without waiting for it; the app
// then renders underneath and removes #boot (src/lib/first-view.ts). A classic script, not a
// module: index.html may run no inline script (Content-Security-Policy: script-src 'self').
(function () {
  var tag = document.currentScript;
  var app = tag.getAttribute('data-app');
  var preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  // A first view's photos may take this long before the app starts anyway.
  var PHOTO_WAIT_MS = 2500;
  // Chromium spends about 1 ms of the main thread starting each request (4 ms on
  // Lighthouse's 4x slower phone): twenty preloads at once were one long task, so a few go
  // per task, and the entry module once they are all asked for.
  var PRELOADS_PER_TASK = 4;

  function preloadThenRun() {
    preloads.splice(0, PRELOADS_PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (preloads.length) {
      setTimeout(preloadThenRun, 0);
      return;
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.appendChild(script);
  }

  function start() {
    if (started) return;
    started = true;
    preloadThenRun();
  }

  // Chromium opens a tab's sessionStorage and localStorage on first use, with a synchronous
  // round trip to the browser process (2-10 ms each on this machine, 4x that on Lighthouse's
  // phone); the app reads both as it starts (the router, the colour scheme). Opening them
  // now, while the page waits for its photos, keeps that out of the app's start-up tasks.
  try {
    window.sessionStorage.getItem('rethread-start');
    window.localStorage.getItem('rethread-start');
  } catch (blocked) {
    // Storage turned off: the app does without it.
  }

  // Once a frame with the first view (and its photos) has been presented: the second frame
  // callback runs after the first one was painted. A hidden tab paints nothing: start at once.
  function afterPaint() {
    if (document.visibilityState === 'hidden') {
      start();
      return;
    }
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }

  var photos = Array.prototype.filter.call(document.querySelectorAll('#boot img'), function (img) {
    return !img.complete;
  });
  if (!photos.length) {
    afterPaint();
    return;
  }
  var left = photos.length;
  photos.forEach(function (img) {
    function done() {
      left -= 1;
      if (left === 0) afterPaint();
    }
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  });
  setTimeout(start, PHOTO_WAIT_MS);
})();
