import VestibuleHTML

/// The `brokenPhrase` check, a part of ``AuditScript`` kept in its own file: on a Japanese page, a line that
/// breaks inside a phrase.
///
/// The browser cannot segment Japanese, so the page says where its phrases end: a text node ends at each
/// `<wbr>` (``PhraseBreaks`` puts one at every phrase boundary), and spaces and punctuation are breaks anyway.
/// For each visible text node in Japanese (the nearest `lang` is `ja`), each character's box is measured
/// (`Range.getClientRects`); a character whose top is below the previous character's middle starts a line. A
/// line starting anywhere else than after a space, after closing or before opening punctuation, or at the start
/// of the node is a finding, unless:
/// - both characters around the break are not Japanese (a long Latin word or an email address wrapping, which
///   `horizontalScroll` and `clipped` are about), or
/// - the text keeps its runs whole (`word-break: keep-all`) and the run between two allowed breaks is wider
///   than the line (its block's content box) less 1 px: there was nowhere else to break, as with a long word, and
///   `overflow-wrap` broke it rather than let it run off the screen. A run at the start of its text node is
///   measured from the start of its line, since what precedes it there may be glued to it (the Apple button's
///   mark, four no-break spaces of generated content, before "Appleで").
///
/// A line that starts with closing punctuation ("。", "、", "」") is a finding in any case: Japanese typesetting
/// never does that (kinsoku), and the emergency break of a run wider than its line does it unless the page keeps
/// the punctuation with the character before it (``PhraseBreaks``' `kinsoku` spans).
///
/// So `word-break: normal` Japanese is found wherever the browser broke it between two phrases' characters, and
/// a keep-all page whose runs miss a `<wbr>` is found wherever such a run fits a line yet broke. Each entry is
/// complete (`{ selector, excerpt, detail }`). Expects `result`, `textNodesOf`, `css`, `px`, `isInvisibleText`,
/// `selectorOf` and `excerptOf` from ``AuditScript``.
enum BrokenPhraseCheck {
    // The closing punctuation is PhraseBreaks' own list: what the pages keep off a line's start is what is checked.
    static let source = #"""
// ---- brokenPhrase (BrokenPhraseCheck.swift) ----
result.brokenPhrase = [];
{
  const isJapaneseTag = (lang) => /^ja(-|$)/i.test(lang || '');
  const japanese = /[\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
  const space = /\s/;
  const breaksAfter = /[、。，．・：；！？）」』】〕〉》〟’”!?,.:;)\]}]/;
  const breaksBefore = /[（「『【〔〈《〝‘“(\[{]/;
  // Closing punctuation, which Japanese typesetting never starts a line with (kinsoku).
  const neverStartsLine = /[\#(PhraseBreaks.closingPunctuation)]/;
  // Where a line of this element's text starts and ends: its nearest non-inline box's content edges.
  const lineBox = (el) => {
    let box = el;
    while (box.parentElement && /^(inline|contents)$/.test(css(box).display)) box = box.parentElement;
    const s = css(box);
    const left = box.getBoundingClientRect().left + box.clientLeft + px(s.paddingLeft);
    return { left, right: left + box.clientWidth - px(s.paddingLeft) - px(s.paddingRight) };
  };
  for (const [el, nodes] of textNodesOf) {
    if (isInvisibleText(el)) continue;
    const langOwner = el.closest('[lang]');
    if (!langOwner || !isJapaneseTag(langOwner.getAttribute('lang'))) continue;
    const keepAll = css(el).wordBreak === 'keep-all';
    let reported = null;
    for (const node of nodes) {
      if (reported || !japanese.test(node.data)) continue;
      // Each character (code point) with its offset and its box; collapsed white space has none.
      const chars = [];
      let offset = 0;
      for (const ch of node.data) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + ch.length);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
        chars.push({ ch, rect: rects.length ? rects[0] : null });
        offset += ch.length;
      }
      const allowed = (i) => i === 0 || i >= chars.length || space.test(chars[i - 1].ch) || space.test(chars[i].ch) ||
        breaksAfter.test(chars[i - 1].ch) || breaksBefore.test(chars[i].ch);
      let previous = null;
      for (let i = 0; i < chars.length && !reported; i++) {
        const rect = chars[i].rect;
        if (!rect) continue;
        const startsLine = previous && rect.top > previous.top + previous.height / 2;
        previous = rect;
        if (!startsLine) continue;
        const before = chars.slice(Math.max(0, i - 8), i).map((c) => c.ch).join('');
        const after = chars.slice(i, i + 8).map((c) => c.ch).join('');
        if (neverStartsLine.test(chars[i].ch) && !space.test(chars[i - 1].ch)) {
          reported = '“' + before + '｜' + after + '”: a line starts with ' + chars[i].ch + ' (kinsoku)';
          continue;
        }
        if (allowed(i)) continue;
        if (!japanese.test(chars[i - 1].ch) && !japanese.test(chars[i].ch)) continue;
        if (keepAll) {
          let start = i, end = i + 1, width = 0;
          while (!allowed(start)) start--;
          while (!allowed(end)) end++;
          for (let j = start; j < end; j++) width += chars[j].rect ? chars[j].rect.width : 0;
          const box = lineBox(el);
          const line = box.right - box.left;
          // A run at the start of its node may be glued to what precedes it on its line (another element's text,
          // or generated content such as a mark drawn behind no-break spaces): count from the line's start.
          const first = chars.find((c) => c.rect);
          if (start === 0 && first) {
            width += css(el).direction === 'rtl' ? box.right - first.rect.right : first.rect.left - box.left;
          }
          // The characters' widths add up to the run's within a pixel (sub-pixel positions): a run that close
          // to the line's width did not fit it.
          if (width > line - 1) continue;
          reported = '“' + before + '｜' + after + '”: the run fits a ' + Math.round(line) + 'px line (' +
            Math.round(width) + 'px) yet breaks inside';
        } else {
          reported = '“' + before + '｜' + after + '”: no <wbr>, space or punctuation there (word-break: ' +
            css(el).wordBreak + ')';
        }
      }
    }
    if (reported) result.brokenPhrase.push({ selector: selectorOf(el), excerpt: excerptOf(el), detail: reported });
  }
}
"""#
}
