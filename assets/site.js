// Leaderboard behaviour: sortable tables, the Strict/Loose switch, filters,
// and the URL fragment that keeps a filtered view shareable. The pages are
// complete without this script; it only rearranges what is already there.
(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.remove('no-js');
  root.classList.add('js');

  // The address fragment's keys that describe a view (the rest are plain
  // anchors).
  var VIEW_KEYS = ['policy', 'weights', 'q', 'pmin', 'pmax', 'from', 'to', 'sort', 'dir', 'model', 'constraint', 'subject', 'regime', 'instruction', 'outcome'];
  function readHash() {
    return new URLSearchParams(location.hash.replace(/^#/, ''));
  }
  function writeHash(params) {
    var s = params.toString();
    history.replaceState(null, '', s ? '#' + s : location.pathname + location.search);
  }
  function setParam(key, value) {
    var p = readHash();
    var known = VIEW_KEYS;
    // Drop plain anchors (#c-id) when a view parameter is written.
    Array.from(p.keys()).forEach(function (k) { if (known.indexOf(k) < 0) p.delete(k); });
    if (value) p.set(key, value); else p.delete(key);
    writeHash(p);
  }

  function policy() {
    var loose = document.getElementById('policy-loose');
    return loose && loose.checked ? 'loose' : 'strict';
  }

  // Sorting.
  function cellKey(cell, th) {
    if (th.dataset.policy) {
      return parseFloat(cell.getAttribute(policy() === 'loose' ? 'data-l' : 'data-s'));
    }
    var v = cell.getAttribute('data-sort');
    if (v === null) v = cell.textContent.trim();
    return th.classList.contains('num') ? parseFloat(v) : v.toLowerCase();
  }
  function sortTable(table, th, dir) {
    var ths = Array.from(th.parentNode.children);
    var col = ths.indexOf(th);
    var body = table.tBodies[0];
    var rows = Array.from(body.rows);
    var keyed = rows.map(function (r, i) { return { r: r, k: cellKey(r.cells[col], th), i: i }; });
    var sign = dir === 'ascending' ? 1 : -1;
    keyed.sort(function (a, b) {
      if (a.k < b.k) return -sign;
      if (a.k > b.k) return sign;
      return a.i - b.i;
    });
    keyed.forEach(function (x) { body.appendChild(x.r); });
    ths.forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir);
  }
  function currentSort(table) {
    return table.querySelector('th[aria-sort]');
  }
  Array.from(document.querySelectorAll('table.sortable')).forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.from(heads).forEach(function (th) {
      var b = th.querySelector('button');
      if (!b) return;
      b.addEventListener('click', function () {
        var dir;
        if (th.getAttribute('aria-sort') === 'ascending') dir = 'descending';
        else if (th.getAttribute('aria-sort') === 'descending') dir = 'ascending';
        else dir = (th.classList.contains('num') && th.dataset.key !== 'rank') ? 'descending' : 'ascending';
        sortTable(table, th, dir);
        setParam('sort', th.dataset.key === 'rank' ? '' : th.dataset.key);
        setParam('dir', th.dataset.key === 'rank' && dir === 'ascending' ? '' : dir);
      });
    });
  });

  // The policy switch works without script (CSS :has); here it also
  // re-sorts policy-dependent columns and is remembered in the URL.
  // The choice is also kept for the other pages (localStorage; the URL's
  // #policy= wins).
  function remember(p) {
    try { localStorage.setItem('sciif-policy', p); } catch (e) { /* storage off */ }
  }
  function remembered() {
    try { return localStorage.getItem('sciif-policy'); } catch (e) { return null; }
  }
  function policyChanged() {
    Array.from(document.querySelectorAll('table.sortable')).forEach(function (t) {
      var th = currentSort(t);
      if (th && th.dataset.policy) sortTable(t, th, th.getAttribute('aria-sort'));
    });
    document.dispatchEvent(new CustomEvent('policychange', { detail: policy() }));
  }
  Array.from(document.querySelectorAll('input[name=policy]')).forEach(function (r) {
    r.addEventListener('change', function () {
      setParam('policy', policy() === 'loose' ? 'loose' : '');
      remember(policy());
      policyChanged();
    });
  });
  function setPolicy(p) {
    var el = document.getElementById(p === 'loose' ? 'policy-loose' : 'policy-strict');
    if (!el || el.checked) return false;
    el.checked = true;
    return true;
  }

  // Matrix cells open the model's answer to the problem.
  var matrix = document.getElementById('matrix');
  if (matrix) {
    var slugs = Array.from(matrix.tHead.rows[0].cells).map(function (th) { return th.dataset.m || ''; });
    matrix.addEventListener('click', function (ev) {
      var td = ev.target.closest('td.q');
      if (!td) return;
      var m = slugs[td.cellIndex], a = td.parentNode.dataset.a;
      if (m && a) location.href = 'models/' + m + '/' + a;
    });
  }

  // On a phone the navigation is one line that scrolls: show the current
  // page's entry.
  var cur = document.querySelector('header nav a[aria-current=page]');
  if (cur && cur.parentNode.parentNode.parentNode.scrollWidth > cur.parentNode.parentNode.parentNode.clientWidth) {
    cur.parentNode.parentNode.parentNode.scrollLeft = cur.offsetLeft - 16;
  }

  // Leaderboard filters. A board in several parts embeds an index of all
  // its models on part 1 (#board-index: ids, names, organizations, ranks,
  // in board order), so search there also lists the matches on the other
  // parts, each linked to its row; the other parts search their own rows
  // and point to part 1 (#part-note) with the search in its address.
  var board = document.getElementById('board');
  var fw = document.getElementById('f-weights');
  var fq = document.getElementById('f-q');
  var elsewhere = document.getElementById('f-elsewhere');
  var boardIndex; // read on first use
  function searchIndex() {
    if (boardIndex !== undefined) return boardIndex;
    boardIndex = null;
    var el = document.getElementById('board-index');
    if (!el || !elsewhere) return null;
    try { boardIndex = JSON.parse(el.textContent); } catch (e) { return null; }
    // What a row's data-search holds: name, organization and id.
    boardIndex.search = boardIndex.models.map(function (m) {
      return (m[1] + ' ' + boardIndex.orgs[m[2]] + ' ' + m[0]).toLowerCase();
    });
    return boardIndex;
  }
  // At most this many matches on other parts are listed.
  var listedElsewhere = 50;
  function listElsewhere(ix, hits) {
    var loose = policy() === 'loose';
    var away = hits.filter(function (i) { return Math.floor(i / ix.per) + 1 !== ix.part; });
    elsewhere.textContent = '';
    away.slice(0, listedElsewhere).forEach(function (i) {
      var m = ix.models[i], part = Math.floor(i / ix.per);
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = ix.parts[part] + '#' + (m[6] || 'm-' + m[0]);
      a.textContent = '#' + (loose ? m[5] : m[4]) + ' ' + m[1];
      li.appendChild(document.createTextNode('on part ' + (part + 1) + ': '));
      li.appendChild(a);
      li.appendChild(document.createTextNode(' ' + ix.orgs[m[2]]));
      elsewhere.appendChild(li);
    });
    if (away.length > listedElsewhere) {
      var more = document.createElement('li');
      more.textContent = 'and ' + (away.length - listedElsewhere) + ' more on other parts: narrow the search';
      elsewhere.appendChild(more);
    }
    elsewhere.hidden = away.length === 0;
  }
  // Size and date bounds (#f-ranges): a row's data-params (billions, or
  // empty when unknown) and data-date (YYYY-MM-DD).
  var franges = ['pmin', 'pmax', 'from', 'to'].map(function (k) { return { key: k, el: document.getElementById('f-' + k) }; }).filter(function (x) { return x.el; });
  function inRanges(r) {
    var ok = true;
    franges.forEach(function (x) {
      var v = x.el.value;
      if (v === '') return;
      if (x.key === 'pmin' || x.key === 'pmax') {
        var p = r.dataset.params === '' || r.dataset.params === undefined ? NaN : parseFloat(r.dataset.params), b = parseFloat(v);
        if (isNaN(b)) return;
        ok = ok && !isNaN(p) && (x.key === 'pmin' ? p >= b : p <= b);
      } else {
        var d = r.dataset.date || '';
        ok = ok && d !== '' && (x.key === 'from' ? d >= v : d <= v);
      }
    });
    return ok;
  }
  function rangesSet() {
    return franges.some(function (x) { return x.el.value !== ''; });
  }
  function filterBoard() {
    if (!board) return;
    var w = fw.value, q = fq.value.trim().toLowerCase();
    var shown = 0, rows = board.tBodies[0].rows;
    Array.from(rows).forEach(function (r) {
      var ok = (!w || r.dataset.weights === w) && (!q || r.dataset.search.indexOf(q) >= 0) && inRanges(r);
      r.hidden = !ok;
      if (ok) shown++;
    });
    var text = shown + ' of ' + rows.length + ' models';
    var ix = searchIndex();
    if (ix && (w || q)) {
      var hits = [];
      ix.models.forEach(function (m, i) {
        if ((!w || (m[3] ? 'open' : 'closed') === w) && (!q || ix.search[i].indexOf(q) >= 0)) hits.push(i);
      });
      text = hits.length + (hits.length === 1 ? ' match, ' : ' matches, ') + shown + ' on this part';
      listElsewhere(ix, hits);
    } else if (ix) {
      text += ' on this part, ' + ix.models.length + ' in all';
      elsewhere.hidden = true;
    } else if (board.dataset.first) {
      text += ' on this part';
      var all = document.querySelector('#part-note a');
      if (all) all.href = board.dataset.first + (q ? '#q=' + encodeURIComponent(fq.value.trim()) : '');
    }
    if (ix && rangesSet()) text += ' (size and date: this part)';
    document.getElementById('f-count').textContent = text;
  }
  if (board && fw && fq) {
    fw.addEventListener('change', function () { setParam('weights', fw.value); filterBoard(); });
    fq.addEventListener('input', function () { setParam('q', fq.value.trim()); filterBoard(); });
    franges.forEach(function (x) {
      x.el.addEventListener('input', function () { setParam(x.key, x.el.value); filterBoard(); });
    });
    // Matches on other parts show the rank under the policy chosen.
    document.addEventListener('policychange', filterBoard);
  }

  // Case filters.
  var cases = document.getElementById('cases');
  var caseSel = ['model', 'constraint', 'subject', 'regime'].map(function (k) {
    return { key: k, el: document.getElementById('cf-' + k) };
  }).filter(function (x) { return x.el; });
  // The overview has no per-model rows: choosing a model opens its own
  // cases page (cases/<model>.html), and choosing another model or none
  // there goes back, keeping the other filters in the address.
  function caseTarget(model) {
    if (!cases || model === (cases.dataset.model || '')) return null;
    var root = cases.dataset.root || '';
    var rest = location.hash.replace(/^#/, '').split('&').filter(function (p) { return p && p.indexOf('model=') !== 0; }).join('&');
    var page = model ? root + 'cases/' + encodeURIComponent(model) + '.html' : root + 'cases.html';
    return page + (rest ? '#' + rest : '');
  }
  function filterCases() {
    if (!cases) return;
    var v = {};
    caseSel.forEach(function (x) { v[x.key] = x.el.value; });
    var target = caseTarget(v.model);
    if (target) { location.href = target; return; }
    var shown = 0, rows = cases.tBodies[0].rows;
    Array.from(rows).forEach(function (r) {
      if (!r.dataset.regime) return;
      var ok = (!v.model || (r.dataset.models || '').indexOf(' ' + v.model + ' ') >= 0) &&
        (!v.constraint || r.dataset.constraints.indexOf(' ' + v.constraint + ' ') >= 0) &&
        (!v.subject || r.dataset.subject === v.subject) &&
        (!v.regime || r.dataset.regime === v.regime);
      r.hidden = !ok;
      if (ok) shown++;
    });
    document.getElementById('cf-count').textContent = shown + ' cases';
  }
  caseSel.forEach(function (x) {
    x.el.addEventListener('change', function () { setParam(x.key, x.el.value); filterCases(); });
  });

  // Prompt filters of the instruction benchmarks' case index. An outcome
  // is matched for the chosen model, or for any model when none is chosen:
  // a cell matches when its outcome's class is one of the chosen option's
  // data-classes. A cell opens the model's response on the prompt's page.
  var prompts = document.getElementById('prompts');
  var promptSel = ['model', 'instruction', 'outcome'].map(function (k) {
    return { key: k, el: document.getElementById('pf-' + k) };
  }).filter(function (x) { return x.el; });
  var promptSlugs = prompts ? Array.from(prompts.tHead.rows[0].cells).map(function (th) { return th.dataset.m || ''; }) : [];
  function cellMatches(td, classes) {
    var o = td && td.firstElementChild;
    return !!o && classes.some(function (c) { return o.classList.contains(c); });
  }
  function filterPrompts() {
    if (!prompts) return;
    var v = {};
    promptSel.forEach(function (x) { v[x.key] = x.el.value; });
    var opt = v.outcome && document.querySelector('#pf-outcome option:checked');
    var classes = opt ? opt.dataset.classes.split(' ') : [];
    var col = v.model ? promptSlugs.indexOf(v.model) : -1;
    var shown = 0, rows = prompts.tBodies[0].rows;
    Array.from(rows).forEach(function (r) {
      var ok = !v.instruction || r.dataset.instructions.indexOf(' ' + v.instruction + ' ') >= 0;
      if (ok && v.outcome) {
        ok = col >= 0 ? cellMatches(r.cells[col], classes) :
          Array.from(r.cells).some(function (td) { return promptSlugs[td.cellIndex] && cellMatches(td, classes); });
      }
      r.hidden = !ok;
      if (ok) shown++;
    });
    document.getElementById('pf-count').textContent = shown + ' of ' + rows.length + ' prompts';
  }
  if (prompts) {
    prompts.addEventListener('click', function (ev) {
      var td = ev.target.closest('td.o-cell');
      var m = td && promptSlugs[td.cellIndex], a = td && td.parentNode.querySelector('th a');
      if (m && a) location.href = a.getAttribute('href') + '#m-' + m;
    });
  }
  promptSel.forEach(function (x) {
    x.el.addEventListener('change', function () { setParam(x.key, x.el.value); filterPrompts(); });
  });

  // Restore a shared view from the URL fragment, on load and whenever the
  // fragment changes (a link within the page, the back button).
  function setSelect(el, value) {
    if (!el) return;
    el.value = '';
    Array.from(el.options).forEach(function (o) { if (o.value === value) el.value = value; });
  }
  function applyHash(first) {
    var h = readHash();
    var p = h.get('policy') || (first ? remembered() : null);
    var changed = p ? setPolicy(p === 'loose' ? 'loose' : 'strict') : false;
    if (fw) setSelect(fw, h.get('weights') || '');
    if (fq) fq.value = h.get('q') || '';
    franges.forEach(function (x) { x.el.value = h.get(x.key) || ''; });
    var fr = document.getElementById('f-ranges');
    if (fr && rangesSet()) fr.open = true;
    caseSel.forEach(function (x) { setSelect(x.el, h.get(x.key) || ''); });
    var caseModel = caseSel.filter(function (x) { return x.key === 'model'; })[0];
    if (cases && caseModel && cases.dataset.model) setSelect(caseModel.el, cases.dataset.model);
    promptSel.forEach(function (x) { setSelect(x.el, h.get(x.key) || ''); });
    if (board) {
      var key = h.get('sort'), dir = h.get('dir');
      var th = key ? board.querySelector('th[data-key="' + CSS.escape(key) + '"]') : board.querySelector('th[data-key=rank]');
      if (th) sortTable(board, th, dir === 'descending' || dir === 'ascending' ? dir : (key ? 'descending' : 'ascending'));
      filterBoard();
    }
    filterCases();
    filterPrompts();
    if (changed && !first) policyChanged();
  }
  applyHash(true);
  window.addEventListener('hashchange', function () {
    // A plain anchor (#c-id, #m-model) is not a view.
    var keys = Array.from(readHash().keys());
    if (keys.some(function (k) { return VIEW_KEYS.indexOf(k) >= 0; })) applyHash(false);
  });

  // Export the view: every sortable table gets a button that downloads
  // its rows as shown (filters and sort applied) as CSV, each figure under
  // the policy chosen, its interval and other small print in columns of
  // their own; badges (incomplete, open or closed weights) are left out.
  // A cell that a spreadsheet would run as a formula (starting
  // with =, +, -, @, a tab or CR) gets a leading apostrophe, as the site's
  // CSV downloads do (package report).
  function csvCell(s) {
    if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function cellParts(td) {
    var box = td;
    if (td.querySelector(':scope > .s') && td.querySelector(':scope > .l')) box = td.querySelector(policy() === 'loose' ? ':scope > .l' : ':scope > .s');
    var c = box.cloneNode(true);
    Array.from(c.querySelectorAll('a.act, .badge')).forEach(function (a) { a.remove(); });
    var notes = Array.from(c.querySelectorAll('small')).map(function (x) { x.remove(); return x.textContent.trim(); });
    return { text: c.textContent.replace(/\s+/g, ' ').trim(), notes: notes };
  }
  function tableCSV(table) {
    var heads = Array.from(table.tHead.rows[0].cells).map(function (th) { return th.textContent.replace(/\s+/g, ' ').trim(); });
    var rows = Array.from(table.tBodies[0].rows).filter(function (r) { return !r.hidden; }).map(function (r) {
      return Array.from(r.cells).map(cellParts);
    });
    // A column gets as many note columns as its cells have notes.
    var notes = heads.map(function (_, k) {
      return rows.reduce(function (n, r) { return Math.max(n, r[k] ? r[k].notes.length : 0); }, 0);
    });
    var head = [];
    heads.forEach(function (h, k) {
      head.push(h);
      for (var i = 0; i < notes[k]; i++) head.push(h + (i === 0 ? ' 95% interval' : ' note ' + (i + 1)));
    });
    var lines = [head.map(csvCell).join(',')];
    rows.forEach(function (r) {
      var out = [];
      heads.forEach(function (_, k) {
        var p = r[k] || { text: '', notes: [] };
        out.push(p.text);
        for (var i = 0; i < notes[k]; i++) out.push(p.notes[i] || '');
      });
      lines.push(out.map(csvCell).join(','));
    });
    return lines.join('\r\n') + '\r\n';
  }
  Array.from(document.querySelectorAll('table.sortable[id]')).forEach(function (table) {
    var box = table.closest('.scroll') || table;
    var p = document.createElement('p');
    p.className = 'export';
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Download this view (CSV)';
    b.title = 'The rows shown, in their order, under the policy chosen';
    b.addEventListener('click', function () {
      var url = URL.createObjectURL(new Blob([tableCSV(table)], { type: 'text/csv' }));
      var a = document.createElement('a');
      a.href = url;
      a.download = table.id + '-' + policy() + '.csv';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    });
    p.appendChild(b);
    box.parentNode.insertBefore(p, box.nextSibling);
  });

  // --- Layout affordances: sideways scroll hints (not chart code) ---
  // A box that scrolls sideways (a table's .scroll wrapper, the phone's
  // navigation row, a Markdown table) gets the class "overflows" while its
  // content is wider than it is, and "more-left" / "more-right" while there
  // is more to see on that side; site.css fades that edge, so a reader
  // sees that the row or table goes on. The layout test looks for them.
  (function scrollHints() {
    var boxes = Array.from(document.querySelectorAll('.scroll, header nav, .prose table, .md table'));
    if (!boxes.length) return;
    function mark(el) {
      var over = el.scrollWidth > el.clientWidth + 1;
      el.classList.toggle('overflows', over);
      el.classList.toggle('more-left', over && el.scrollLeft > 1);
      el.classList.toggle('more-right', over && el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    }
    boxes.forEach(function (el) {
      mark(el);
      var queued = false;
      el.addEventListener('scroll', function () {
        if (queued) return;
        queued = true;
        requestAnimationFrame(function () { queued = false; mark(el); });
      }, { passive: true });
    });
    if (!window.ResizeObserver) return;
    // The box or what it holds changes size: the window turns, a script
    // fills a table (compare.js), a policy switch shows other columns.
    var boxOf = new Map();
    var ro = new ResizeObserver(function (entries) {
      entries.forEach(function (e) { boxOf.get(e.target).forEach(mark); });
    });
    function watch(node, el) {
      if (!boxOf.has(node)) { boxOf.set(node, []); ro.observe(node); }
      boxOf.get(node).push(el);
    }
    boxes.forEach(function (el) {
      watch(el, el);
      Array.from(el.children).forEach(function (c) { watch(c, el); });
    });
  }());
  // --- end of layout affordances ---

  // data-ready="1" on <html> says that start-up is over, for the browser
  // tests: the page has loaded, two frames have passed (charts.js's
  // observers have reported, so any fetch they start has begun), and every
  // formula math.js was given is typeset or marked .math-error.
  function markReady() {
    var math = document.querySelector('script[data-katex]') ? Array.from(document.querySelectorAll('.math')) : [];
    if (math.some(function (el) { return !el.querySelector('.katex') && !el.classList.contains('math-error'); })) setTimeout(markReady, 20);
    else root.dataset.ready = '1';
  }
  function afterLoad() { requestAnimationFrame(function () { requestAnimationFrame(markReady); }); }
  if (document.readyState === 'complete') afterLoad(); else window.addEventListener('load', afterLoad);
}());
