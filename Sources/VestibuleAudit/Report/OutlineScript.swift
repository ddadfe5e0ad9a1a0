/// The JavaScript that draws the visual report's outlines into the page for a screenshot, and takes them away.
///
/// The outlines are drawn by the page's own layout engine rather than over the picture in the report: the
/// rectangles are the browser's, in the screenshot's own coordinates (scroll, scrollbar, device pixels), and a
/// picture copied out of the report still shows what broke.
///
/// The overlay cannot change what the audit measures: one `position: fixed` layer the size of the viewport with
/// `overflow: hidden` (labels near an edge never widen the document), appended to `<html>` (no selector under
/// `<body>` changes), styled through the CSSOM (a strict Content-Security-Policy blocks style attributes, not
/// CSSOM), and removed right after the screenshot together with any scrolling done to bring an element into view.
enum OutlineScript {
    /// `arguments[0]`: `[{ selector, label }]`. Outlines each element's border box 3 px outside it in pure magenta
    /// (rare in real pages, so a test can find it in the picture), with its label in white on a darker magenta
    /// above the top-left corner (inside the box when there is no room above). When the first element found lies
    /// outside the viewport, scrolls the window (only the window, so the removal can undo it) to centre it.
    /// Returns one boolean per entry: whether that element was found and outlined.
    static let draw = #"""
const outlines = arguments[0];
const state = { x: scrollX, y: scrollY, layer: null };
window.__vestibuleOutline = state;
const set = (el, styles) => { for (const [k, v] of Object.entries(styles)) el.style.setProperty(k, v, 'important'); };
// A selector the page no longer matches (or could not be written) outlines nothing rather than failing the audit.
const find = (selector) => { try { return document.querySelector(selector); } catch (e) { return null; } };
const boxOf = (el) => {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 || r.height > 0 ? r : null;
};
for (const { selector } of outlines) {
  const r = boxOf(find(selector));
  if (!r) continue;
  if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) {
    scrollTo(scrollX + r.left + r.width / 2 - innerWidth / 2, scrollY + r.top + r.height / 2 - innerHeight / 2);
  }
  break;
}
const layer = document.createElement('div');
set(layer, { position: 'fixed', inset: '0', overflow: 'hidden', 'z-index': '2147483647', 'pointer-events': 'none',
  margin: '0', padding: '0', border: '0', background: 'transparent', direction: 'ltr' });
document.documentElement.appendChild(layer);
state.layer = layer;
const drawn = [];
for (const { selector, label } of outlines) {
  const r = boxOf(find(selector));
  if (!r) { drawn.push(false); continue; }
  const left = Math.floor(r.left) - 3, top = Math.floor(r.top) - 3;
  const width = Math.ceil(r.right) + 3 - left, height = Math.ceil(r.bottom) + 3 - top;
  const box = document.createElement('div');
  set(box, { position: 'absolute', left: left + 'px', top: top + 'px', width: width + 'px', height: height + 'px',
    'box-sizing': 'border-box', border: '3px solid rgb(255, 0, 255)', margin: '0', padding: '0',
    background: 'transparent', 'box-shadow': '0 0 0 1px #fff, inset 0 0 0 1px #fff' });
  layer.appendChild(box);
  const tag = document.createElement('div');
  tag.textContent = label;
  set(tag, { position: 'absolute', font: 'bold 12px/16px "DejaVu Sans", sans-serif', color: '#fff',
    background: 'rgb(176, 0, 176)', padding: '0 4px', margin: '0', 'white-space': 'nowrap', 'letter-spacing': 'normal',
    'text-transform': 'none', top: (top >= 16 ? top - 16 : top + 3) + 'px', left: '0px' });
  layer.appendChild(tag);
  tag.style.setProperty('left', Math.max(0, Math.min(left, innerWidth - tag.offsetWidth)) + 'px', 'important');
  drawn.push(true);
}
return drawn;
"""#

    /// Removes the layer and scrolls the window back to where it was.
    static let remove = #"""
const state = window.__vestibuleOutline;
if (state) {
  if (state.layer) state.layer.remove();
  scrollTo(state.x, state.y);
  delete window.__vestibuleOutline;
}
"""#
}
