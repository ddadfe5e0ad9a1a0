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
    /// `arguments[0]`: `[{ selector, label }]`. Outlines each element's border box 3 px outside it in pure
    /// magenta (rare in real pages, so a test can find it in the picture), with its label (number and kinds) in
    /// white on a darker magenta above the top-left corner, or at the first other corner where it covers no
    /// other label. When the first element found lies outside the viewport, scrolls the window (only the window,
    /// so the removal can undo it) to centre it. Returns one boolean per entry: whether that element's outline is in
    /// the viewport, so in the picture.
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
const labels = [];
// The layer's size: the viewport less its scrollbars.
const viewWidth = document.documentElement.clientWidth, viewHeight = document.documentElement.clientHeight;
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
    'text-transform': 'none', top: '0px', left: '0px' });
  layer.appendChild(tag);
  // The first place in the viewport that no earlier label covers: above the box at its left, inside it, below
  // it, then the same at its right; neighbouring elements' labels stay readable.
  const w = tag.offsetWidth, h = tag.offsetHeight;
  const spots = [[left, top - h], [left + 3, top + 3], [left, top + height], [left + width - w, top - h],
    [left + width - w - 3, top + 3]].map(([x, y]) => {
      const spotLeft = Math.max(0, Math.min(x, viewWidth - w));
      return { left: spotLeft, top: y, right: spotLeft + w, bottom: y + h };
    }).filter((spot) => spot.top >= 0 && spot.bottom <= viewHeight);
  const free = spots.find((spot) => !labels.some((other) => spot.left < other.right && other.left < spot.right &&
    spot.top < other.bottom && other.top < spot.bottom));
  const spot = free || spots[0] || { left: Math.max(0, left + 3), top: Math.max(0, top + 3) };
  labels.push({ left: spot.left, top: spot.top, right: spot.left + w, bottom: spot.top + h });
  tag.style.setProperty('left', spot.left + 'px', 'important');
  tag.style.setProperty('top', spot.top + 'px', 'important');
  // Outlined but out of the picture (a second element far from the first) is not shown: say so.
  drawn.push(r.bottom > 0 && r.top < viewHeight && r.right > 0 && r.left < viewWidth);
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
