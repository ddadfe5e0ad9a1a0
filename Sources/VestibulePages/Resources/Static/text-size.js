// Vestibule's in-page text-size control (HIG LT-4, LT-6), for readers whose browser offers no text-size
// setting of its own. It sets the root font size as a percentage of the browser's default, so it scales the
// reader's own setting and never replaces it; every length in the stylesheet is rem or em and follows.
// The steps match iOS Dynamic Type (Body style): Small 88 %, Large 100 %, xLarge 112 %, xxxLarge 135 %,
// AX1 165 %, AX2 194 %, AX3 235 %, AX4 277 %, AX5 312 %.
// Loaded with `defer` from /static/text-size.js: the Content-Security-Policy forbids inline script. The
// size is set through CSSOM (`style.fontSize`), which `style-src 'self'` allows.
(function () {
  "use strict";

  var steps = [88, 100, 112, 135, 165, 194, 235, 277, 312];
  var defaultStep = 100;
  var storageKey = "vestibule.textSize";
  var root = document.documentElement;

  function stored() {
    try {
      var value = parseInt(window.localStorage.getItem(storageKey), 10);
      return steps.indexOf(value) >= 0 ? value : defaultStep;
    } catch (error) {
      return defaultStep; // storage disabled: the size lasts for this page only
    }
  }

  function remember(step) {
    try {
      if (step === defaultStep) {
        window.localStorage.removeItem(storageKey);
      } else {
        window.localStorage.setItem(storageKey, String(step));
      }
    } catch (error) {
      // storage disabled or full: nothing to remember the choice in
    }
  }

  // At the default step the inline size is removed, so the stylesheet alone decides (including iOS Dynamic Type).
  function apply(step) {
    if (step === defaultStep) {
      root.style.removeProperty("font-size");
    } else {
      root.style.fontSize = step + "%";
    }
  }

  var current = stored();
  apply(current);

  var control = document.querySelector("[data-text-size]");
  if (!control) { return; }
  var smaller = control.querySelector("[data-text-size-smaller]");
  var larger = control.querySelector("[data-text-size-larger]");
  var status = control.querySelector("[data-text-size-status]");
  var template = control.getAttribute("data-status-template") || "{percent}";

  function show(step) {
    var index = steps.indexOf(step);
    status.textContent = template.replace("{percent}", String(step));
    smaller.disabled = index <= 0;
    larger.disabled = index >= steps.length - 1;
  }

  function move(by, button, other) {
    var index = steps.indexOf(current) + by;
    if (index < 0 || index >= steps.length) { return; }
    current = steps[index];
    apply(current);
    remember(current);
    show(current);
    // A disabled button drops keyboard focus; keep it on the control.
    if (button.disabled) { other.focus(); }
  }

  smaller.addEventListener("click", function () { move(-1, smaller, larger); });
  larger.addEventListener("click", function () { move(1, larger, smaller); });
  show(current);
  control.hidden = false;
})();
