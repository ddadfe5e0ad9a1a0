/// The JavaScript the audit injects into the page: one call per (page, step, viewport) measures everything and
/// returns one JSON object, so each check costs one WebDriver round trip.
///
/// Called as the body of a WebDriver `execute/sync` function with one argument:
/// `{ step, baseline, minSwitchStep, safariRootSize }`.
///
/// - `baseline: true` (at 100 %, right after the page loads) records every text element's font size in a
///   `WeakMap` kept on `window`, so later steps in the same page load compare the *same element objects* — no
///   selector has to be stable across steps.
/// - `safariRootSize` (a number of CSS px or null) sets the root font size (inline, !important) like iOS
///   Safari's `font: -apple-system-body` would; `null` removes it.
///
/// The result: `{ defaultFontSize, usesAppleSystemBody, rootFontSize, documentWidth, viewportWidth, didNotGrow: [...], clipped: [...],
/// overlap: [...], horizontalScroll: [...], noLayoutSwitch: [...], brokenPhrase: [...] }`, each entry
/// `{ selector, excerpt, detail }` (``BrokenPhraseCheck`` is in its own file).
/// The rules (thresholds) are documented at each check below and in ``Finding/Kind``.
enum AuditScript {
    static let source = #"""
const options = arguments[0] || {};
const step = options.step;
const state = window.__vestibuleAudit || (window.__vestibuleAudit = { base: new WeakMap() });

// ---- Safari Dynamic Type emulation: the root size iOS gives `font: -apple-system-body` at this step. ----
// Set through the CSSOM on <html>'s style (an injected <style> element would be blocked by a strict
// Content-Security-Policy; CSSOM changes are not), with !important so the page's own root rule loses.
const root = document.documentElement;
if (options.safariRootSize) {
  root.style.setProperty('font-size', options.safariRootSize + 'px', 'important');
} else if (root.style.getPropertyPriority('font-size') === 'important') {
  root.style.removeProperty('font-size');
}

// Force style and layout now, so every measurement below sees the new text size.
void document.body.offsetHeight;

const px = (v) => parseFloat(v) || 0;
const round1 = (v) => Math.round(v * 10) / 10;
const styleCache = new Map();
const css = (el) => { let s = styleCache.get(el); if (!s) { s = getComputedStyle(el); styleCache.set(el, s); } return s; };

// ---- Selectors and excerpts ----
// A short, readable CSS selector: `#id` when the id is unique, else a `tag:nth-of-type(n)` path from the
// nearest ancestor with a unique id (or from `body`).
function selectorOf(el) {
  const parts = [];
  let node = el;
  while (node && node.nodeType === 1) {
    if (node.id && document.querySelectorAll('#' + CSS.escape(node.id)).length === 1) {
      parts.unshift('#' + CSS.escape(node.id));
      break;
    }
    const tag = node.localName;
    if (tag === 'html' || tag === 'body') { parts.unshift(tag); break; }
    let index = 1, sibling = node, count = 0;
    while ((sibling = sibling.previousElementSibling)) if (sibling.localName === tag) index++;
    for (const c of node.parentElement ? node.parentElement.children : []) if (c.localName === tag) count++;
    parts.unshift(count > 1 ? tag + ':nth-of-type(' + index + ')' : tag);
    node = node.parentElement;
  }
  return parts.join(' > ');
}
const isControl = (el) => ['input', 'button', 'select', 'textarea'].includes(el.localName);
function excerptOf(el) {
  let text = '';
  if (isControl(el) && el.localName !== 'button') {
    text = el.value || el.placeholder || el.getAttribute('aria-label') || el.name || '';
  } else {
    text = el.innerText || el.textContent || '';
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > 80 ? text.slice(0, 79) + '…' : text;
}

// ---- Visibility ----
// Hidden: display none (no boxes), visibility hidden/collapse, opacity 0 on the element or an ancestor,
// hidden by `clip`/`clip-path` (the visually-hidden pattern), or inside a closed <details> other than its
// summary (Chromium still lays that content out, under content-visibility: hidden, but never paints it).
// Such text is not checked.
const hiddenCache = new Map();
function isHidden(el) {
  if (!el || el.nodeType !== 1) return false;
  if (hiddenCache.has(el)) return hiddenCache.get(el);
  const s = css(el);
  let hidden = s.display === 'none' || s.opacity === '0' ||
    (s.clip && s.clip !== 'auto' && s.position !== 'static' && s.position !== 'relative') ||
    (s.clipPath && s.clipPath !== 'none' && /inset\(\s*50%/.test(s.clipPath));
  const parent = el.parentElement;
  if (!hidden && parent && parent.tagName === 'DETAILS' && !parent.open) hidden = el.tagName !== 'SUMMARY';
  if (!hidden) hidden = isHidden(el.parentElement);
  hiddenCache.set(el, hidden);
  return hidden;
}
const isInvisibleText = (el) => isHidden(el) || css(el).visibility !== 'visible';

// The part of `rect` that is not cut away by ancestors with clipping overflow (hidden, clip, auto, scroll):
// text scrolled or clipped out of view cannot overlap anything visible.
function clippedRect(el, rect) {
  let r = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
  for (let a = el; a && a !== document.documentElement && a !== document.body; a = a.parentElement) {
    const s = css(a);
    const clipX = s.overflowX !== 'visible', clipY = s.overflowY !== 'visible';
    if (!clipX && !clipY) continue;
    const b = a.getBoundingClientRect();
    const left = b.left + a.clientLeft, top = b.top + a.clientTop;
    if (clipX) { r.left = Math.max(r.left, left); r.right = Math.min(r.right, left + a.clientWidth); }
    if (clipY) { r.top = Math.max(r.top, top); r.bottom = Math.min(r.bottom, top + a.clientHeight); }
  }
  return r;
}
// Entirely off the page (skip links parked at left: -9999px until focused) is not visible.
function isOffPage(r) {
  return r.right + scrollX <= 0 || r.bottom + scrollY <= 0;
}

// ---- Text elements: elements with their own non-blank text, and form controls ----
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'option', 'optgroup']);
const NON_TEXT_INPUTS = new Set(['hidden', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);
const textElements = [];
const textNodesOf = new Map();
{
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    if (!/\S/.test(node.data)) continue;
    const el = node.parentElement;
    if (!el || SKIP.has(el.localName) || el.closest('select')) continue;
    let list = textNodesOf.get(el);
    if (!list) { list = []; textNodesOf.set(el, list); textElements.push(el); }
    list.push(node);
  }
  for (const el of document.body.querySelectorAll('input, button, select, textarea')) {
    if (el.localName === 'input' && NON_TEXT_INPUTS.has((el.type || 'text').toLowerCase())) continue;
    if (!textNodesOf.has(el)) { textNodesOf.set(el, []); textElements.push(el); }
  }
}

// Text boxes of one element: its text nodes' line boxes (Range.getClientRects), clipped by ancestors, trimmed
// vertically (about their centre) to max(line-height, 0.9 × font-size): a font's content area (~1.15 em) is
// taller than a tight `line-height: 1`, and lines of different elements touching that way is not overlap, while
// the glyphs' ink (cap height + descender, ~0.9 em) still collides when a px line-height stays put as the text
// grows. Zero-area and off-page boxes are dropped.
function textBoxes(el) {
  const s = css(el);
  const lineHeight = s.lineHeight === 'normal' ? Infinity : Math.max(px(s.lineHeight), 0.9 * px(s.fontSize));
  const boxes = [];
  for (const node of textNodesOf.get(el) || []) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 0.5 || rect.height < 0.5) continue;
      let r = clippedRect(el, rect);
      const excess = (r.bottom - r.top) - lineHeight;
      if (excess > 0) { r.top += excess / 2; r.bottom -= excess / 2; }
      if (r.right - r.left <= 0 || r.bottom - r.top <= 0 || isOffPage(r)) continue;
      boxes.push(r);
    }
  }
  return boxes;
}

// The browser's default font size as the page sees it now (`font-size: medium`): the audit compares it with the
// size it asked Page.setFontSizes for, so a setting that has not reached the page yet is never measured.
let defaultFontSize = 0;
{
  const probe = document.createElement('span');
  probe.style.setProperty('font-size', 'medium', 'important');
  probe.style.setProperty('position', 'absolute', 'important');
  (document.body || document.documentElement).appendChild(probe);
  defaultFontSize = px(getComputedStyle(probe).fontSize);
  probe.remove();
}

const result = {
  step: step,
  defaultFontSize: defaultFontSize,
  documentWidth: document.documentElement.scrollWidth,
  // The layout viewport's width: innerWidth less a classic vertical scrollbar (headless Chromium on Linux draws
  // one; phones overlay theirs, where the two are equal).
  viewportWidth: document.documentElement.clientWidth,
  usesAppleSystemBody: false,
  // The root font size now: in Safari mode the audit checks that its emulation took effect.
  rootFontSize: px(css(document.documentElement).fontSize),
  didNotGrow: [], clipped: [], overlap: [], horizontalScroll: [], noLayoutSwitch: [],
};

// ---- Does the page use -apple-system-body? Chromium drops the declaration but keeps the @supports prelude. ----
{
  let found = false;
  for (const style of document.querySelectorAll('style')) {
    if (style.textContent.includes('-apple-system-body')) found = true;
  }
  if (!found) {
    for (const sheet of document.styleSheets) {
      try { for (const rule of sheet.cssRules) if (rule.cssText.includes('-apple-system-body')) { found = true; break; } }
      catch (e) { /* a cross-origin sheet cannot be read */ }
      if (found) break;
    }
  }
  result.usesAppleSystemBody = found;
}

// ---- 1. didNotGrow ----
// At the baseline (100 %) record each visible text element's computed font size. At step s, with
// expected = s / 100 and ratio = size(s) / size(100), flag when the element grew less than half of the
// expected growth: ratio − 1 < 0.5 × (expected − 1). px-locked text (ratio 1) is flagged from the first step
// above 100 %; headings that deliberately grow slower than body text (e.g. 2rem → 1.8× at 312 %) are not.
if (options.baseline) {
  for (const el of textElements) {
    if (isInvisibleText(el)) continue;
    state.base.set(el, px(css(el).fontSize));
  }
} else if (step > 100) {
  const expected = step / 100;
  for (const el of textElements) {
    const before = state.base.get(el);
    if (!before || isInvisibleText(el)) continue;
    const now = px(css(el).fontSize);
    const ratio = now / before;
    if (ratio - 1 < 0.5 * (expected - 1)) {
      result.didNotGrow.push({ el, detail: 'font-size ' + round1(before) + 'px at 100% → ' + round1(now) +
        'px at ' + step + '% (×' + ratio.toFixed(2) + ', expected ×' + expected.toFixed(2) + ')' });
    }
  }
}

\#(BrokenPhraseCheck.source)

// ---- 2. clipped ----
// An element whose overflow-x or overflow-y is hidden/clip and that contains visible text is clipped when,
// on a clipping axis, scrollWidth > clientWidth + 1 (or scrollHeight > clientHeight + 1) AND
//  - it truncates with `text-overflow: ellipsis` (horizontal), or clamps with `-webkit-line-clamp`, or
//  - some descendant text box extends more than 1 px past its padding box on that axis (the text is cut, not
//    some decoration).
// Visually-hidden boxes (≤ 1 px wide or high) and hidden elements are skipped: they are meant for screen readers.
for (const el of document.body.querySelectorAll('*')) {
  if (SKIP.has(el.localName)) continue;
  const s = css(el);
  const cutX = s.overflowX === 'hidden' || s.overflowX === 'clip';
  const cutY = s.overflowY === 'hidden' || s.overflowY === 'clip';
  if (!cutX && !cutY) continue;
  if (el.clientWidth <= 1 || el.clientHeight <= 1 || isInvisibleText(el)) continue;
  if (!/\S/.test(el.textContent || '')) continue;
  const overX = cutX && el.scrollWidth > el.clientWidth + 1;
  const overY = cutY && el.scrollHeight > el.clientHeight + 1;
  if (!overX && !overY) continue;
  const ellipsis = overX && s.textOverflow === 'ellipsis';
  const clamp = overY && s.webkitLineClamp && s.webkitLineClamp !== 'none';
  let cut = ellipsis || clamp;
  if (!cut) {
    const b = el.getBoundingClientRect();
    const left = b.left + el.clientLeft, top = b.top + el.clientTop;
    const right = left + el.clientWidth, bottom = top + el.clientHeight;
    for (const [owner, nodes] of textNodesOf) {
      if (!el.contains(owner) || cut) continue;
      for (const node of nodes) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width < 0.5 || r.height < 0.5) continue;
          if (overX && (r.right > right + 1 || r.left < left - 1)) cut = true;
          if (overY && (r.bottom > bottom + 1 || r.top < top - 1)) cut = true;
        }
      }
    }
  }
  if (!cut) continue;
  const how = ellipsis ? 'text-overflow: ellipsis' : clamp ? '-webkit-line-clamp: ' + s.webkitLineClamp
    : 'overflow: ' + s.overflowX + ' ' + s.overflowY;
  const sizes = [];
  if (overX) sizes.push('scrollWidth ' + el.scrollWidth + ' > clientWidth ' + el.clientWidth);
  if (overY) sizes.push('scrollHeight ' + el.scrollHeight + ' > clientHeight ' + el.clientHeight);
  result.clipped.push({ el, detail: sizes.join(', ') + ' (' + how + ')' });
}

// ---- 3. overlap ----
// Visible text boxes (see textBoxes) of two different elements, neither containing the other, intersect by
// more than 1 px in both directions; or a text box intersects a form control's border box (a label drawn over
// its input). Each pair is reported once, on the first element in document order.
{
  const items = [];
  for (const el of textElements) {
    if (isInvisibleText(el)) continue;
    if (isControl(el) && el.localName !== 'button') continue;
    const boxes = textBoxes(el);
    if (boxes.length) items.push({ el, boxes, control: false });
  }
  for (const el of document.body.querySelectorAll('input, button, select, textarea')) {
    if (isInvisibleText(el)) continue;
    if (el.localName === 'input' && (el.type || '').toLowerCase() === 'hidden') continue;
    const r = clippedRect(el, el.getBoundingClientRect());
    if (r.right - r.left <= 0 || r.bottom - r.top <= 0 || isOffPage(r)) continue;
    items.push({ el, boxes: [r], control: true });
  }
  // Sweep from top to bottom: only items whose vertical extents meet are compared (pages with thousands of
  // text elements stay fast).
  for (const item of items) {
    item.top = Math.min(...item.boxes.map((r) => r.top));
    item.bottom = Math.max(...item.boxes.map((r) => r.bottom));
  }
  items.sort((x, y) => x.top - y.top);
  const seen = new Set();
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length && items[j].top < items[i].bottom - 1; j++) {
      const a = items[i], b = items[j];
      if (a.control && b.control) continue;
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      let best = null;
      for (const ra of a.boxes) for (const rb of b.boxes) {
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 1 && h > 1 && (!best || w * h > best.w * best.h)) best = { w, h };
      }
      if (!best) continue;
      const [first, second] = (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING) ? [a, b] : [b, a];
      const key = selectorOf(first.el) + '|' + selectorOf(second.el);
      if (seen.has(key)) continue;
      seen.add(key);
      result.overlap.push({ el: first.el, detail: (first.control ? 'control' : 'text') + ' overlaps ' +
        (second.control ? 'control ' : 'the text of ') + selectorOf(second.el) + ' (“' + excerptOf(second.el).slice(0, 30) +
        '”) by ' + Math.round(best.w) + '×' + Math.round(best.h) + ' px' });
    }
  }
}

// ---- 4. horizontalScroll (WCAG 1.4.10) ----
// The document scrolls sideways when documentElement.scrollWidth > documentElement.clientWidth + 1 (the
// viewport less a vertical scrollbar, so a page 5 px too wide for the space left by the scrollbar counts). The offenders are the
// outermost visible elements whose border box reaches past the viewport (right > innerWidth + 1, or
// left < −1 in right-to-left pages) while their parent does not, and that no scrolling/clipping ancestor
// contains; up to the 3 widest are reported. When none is found, `html` is reported.
if (result.documentWidth > result.viewportWidth + 1) {
  const vw = result.viewportWidth;
  const beyond = (r) => r.right > vw + 1 || r.left < -1;
  const offenders = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (SKIP.has(el.localName) || isHidden(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || !beyond(r)) continue;
    if (r.right + scrollX <= 0) continue; // parked off-page (skip link)
    const parent = el.parentElement;
    if (parent && parent !== document.body && beyond(parent.getBoundingClientRect())) continue;
    let contained = false;
    for (let a = parent; a && a !== document.body; a = a.parentElement) {
      const s = css(a);
      if (s.overflowX !== 'visible') { contained = true; break; }
    }
    if (contained) continue;
    offenders.push({ el, r });
  }
  offenders.sort((x, y) => (y.r.right - y.r.left) - (x.r.right - x.r.left));
  for (const { el, r } of offenders.slice(0, 3)) {
    result.horizontalScroll.push({ el, detail: 'document ' + result.documentWidth + 'px wide in a ' + vw +
      'px viewport; element spans ' + Math.round(r.left) + '…' + Math.round(r.right) + 'px' });
  }
  // No box reaches past the viewport: text overflowing its box does (a long word in a narrow column).
  if (!offenders.length) {
    for (const [owner, nodes] of textNodesOf) {
      if (isInvisibleText(owner)) continue;
      let widest = null;
      for (const node of nodes) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width >= 0.5 && beyond(r) && r.right + scrollX > 0 && (!widest || r.right > widest.right)) widest = r;
        }
      }
      if (!widest) continue;
      let contained = false;
      for (let a = owner; a && a !== document.body; a = a.parentElement) {
        if (css(a).overflowX !== 'visible') { contained = true; break; }
      }
      if (!contained) offenders.push({ el: owner, r: widest });
    }
    offenders.sort((x, y) => y.r.right - x.r.right);
    for (const { el, r } of offenders.slice(0, 3)) {
      result.horizontalScroll.push({ el, detail: 'document ' + result.documentWidth + 'px wide in a ' + vw +
        'px viewport; its text spans ' + Math.round(r.left) + '…' + Math.round(r.right) + 'px' });
    }
  }
  if (!offenders.length) {
    result.horizontalScroll.push({ el: document.documentElement, detail: 'document ' + result.documentWidth +
      'px wide in a ' + vw + 'px viewport' });
  }
}

// ---- 5. noLayoutSwitch (narrow, reliable version) ----
// From options.minSwitchStep (165 %, AX1) upward: a horizontal group — display flex/inline-flex with
// flex-direction row(-reverse) and flex-wrap nowrap, or grid with ≥ 2 column tracks — in which at least two
// visible in-flow children sit side by side (their vertical extents overlap) and at least one of those children
// overflows its own border box horizontally by more than 1 px (scrollWidth > clientWidth + 1, or one of its text
// boxes reaches past its left/right edge). Squeezed children whose words break mid-word are NOT detected.
if (step >= options.minSwitchStep) {
  for (const group of document.body.querySelectorAll('*')) {
    if (SKIP.has(group.localName) || isHidden(group)) continue;
    const s = css(group);
    let kind = null;
    if ((s.display === 'flex' || s.display === 'inline-flex') && s.flexDirection.startsWith('row') && s.flexWrap === 'nowrap') {
      kind = 'flex row';
    } else if (s.display === 'grid' || s.display === 'inline-grid') {
      const tracks = s.gridTemplateColumns.replace(/\[[^\]]*\]/g, ' ').trim().split(/\s+/).filter((t) => t && t !== 'none');
      if (tracks.length >= 2) kind = 'grid of ' + tracks.length + ' columns';
    }
    if (!kind) continue;
    const children = [];
    for (const c of group.children) {
      const cs = css(c);
      if (cs.position === 'absolute' || cs.position === 'fixed' || isHidden(c)) continue;
      const r = c.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) continue;
      children.push({ c, r });
    }
    if (children.length < 2) continue;
    const sideBySide = new Set();
    for (let i = 0; i < children.length; i++) for (let j = i + 1; j < children.length; j++) {
      const a = children[i].r, b = children[j].r;
      if (Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1) { sideBySide.add(children[i]); sideBySide.add(children[j]); }
    }
    if (sideBySide.size < 2) continue;
    for (const { c, r } of sideBySide) {
      let overflow = c.scrollWidth - c.clientWidth;
      for (const [owner, nodes] of textNodesOf) {
        if (!c.contains(owner)) continue;
        for (const node of nodes) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const t of range.getClientRects()) {
            if (t.width < 0.5) continue;
            overflow = Math.max(overflow, t.right - r.right, r.left - t.left);
          }
        }
      }
      if (overflow > 1) {
        result.noLayoutSwitch.push({ el: c, detail: kind + ' ' + selectorOf(group) + ' keeps ' + sideBySide.size +
          ' children side by side; this one (' + Math.round(r.width) + 'px wide) overflows by ' + Math.round(overflow) + 'px' });
      }
    }
  }
}

// Elements become selectors and excerpts only now, for the few that are reported.
for (const kind of ['didNotGrow', 'clipped', 'overlap', 'horizontalScroll', 'noLayoutSwitch']) {
  result[kind] = result[kind].map(({ el, detail }) => ({ selector: selectorOf(el), excerpt: excerptOf(el), detail }));
}
return result;
"""#
}
