// Compare page: puts up to four models side by side from the figures and
// per-item verdict bits embedded in the page (render.Comparison): each
// item's bits, 6/width items per character; the paired test of every two
// picked models on the bit the board ranks by, and every item where their
// verdicts differ. The page's first view is written by the generator the
// same way, so nothing moves when this runs.
(function () {
  'use strict';
  var el = document.getElementById('compare-data');
  if (!el) return;
  var d = JSON.parse(el.textContent);
  var root = document.getElementById('compare').getAttribute('data-root') || '';
  var ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var W = d.bits.length, PER = Math.floor(6 / W), MASK = (1 << W) - 1, NP = d.policies.length;
  var sels = [];
  for (var n = 1; document.getElementById('cmp-' + n); n++) sels.push(document.getElementById('cmp-' + n));
  // The optional menus come with "—" only (the page stays small at
  // 1,000 models): they take the first menu's models.
  sels.forEach(function (s) {
    if (s.options.length === 1 && s.options[0].value === '') {
      Array.from(sels[0].options).forEach(function (o) { s.appendChild(new Option(o.text, o.value)); });
    }
  });
  var byId = {};
  d.models.forEach(function (m, i) { byId[m.id] = i; });
  var cache = {};

  function bits(i) {
    if (cache[i]) return cache[i];
    var m = d.models[i], out = [];
    for (var k = 0; k < d.items.length; k++) {
      var v = ALPHA.indexOf(m.vec.charAt(Math.floor(k / PER)));
      out.push((v >> (W * (k % PER))) & MASK);
    }
    cache[i] = out;
    return out;
  }
  function logChoose(n, k) {
    var s = 0;
    for (var i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
    return s;
  }
  // Two-sided exact McNemar p-value on the discordant counts.
  function mcnemar(n10, n01) {
    var n = n10 + n01;
    if (n === 0) return 1;
    var k = Math.min(n10, n01), cdf = 0;
    for (var i = 0; i <= k; i++) cdf += Math.exp(logChoose(n, i) - n * Math.LN2);
    return Math.min(1, 2 * cdf);
  }
  function policy() {
    var l = document.getElementById('policy-loose');
    return NP > 1 && l && l.checked ? 1 : 0;
  }
  // A model's figure on metric k under policy j: denominators are the
  // metric's unless the model carries its own.
  function rate(i, k, j) {
    var m = d.models[i], p = m.pass[NP * k + j], t = m.total ? m.total[NP * k + j] : d.metrics[k].total[j];
    return p < 0 || t <= 0 ? '—' : (100 * p / t).toFixed(1) + '%';
  }
  function cell(tag, text, cls) {
    var c = document.createElement(tag);
    c.textContent = text;
    if (cls) c.className = cls;
    return c;
  }
  // An item without a page is named, not linked.
  function link(href, text) {
    if (!href) return document.createTextNode(text);
    var a = document.createElement('a');
    a.href = root + href;
    a.textContent = text;
    return a;
  }
  function picked() {
    var out = [];
    sels.forEach(function (s) {
      if (s.value !== '' && Object.prototype.hasOwnProperty.call(byId, s.value)) out.push(byId[s.value]);
    });
    return out;
  }
  function verdict(sel, x, y, j, shown, pol) {
    var a = sel[x], b = sel[y], ma = d.models[a], mb = d.models[b], va = bits(a), vb = bits(b);
    function count(bit) {
      var n10 = 0, n01 = 0;
      for (var i = 0; i < va.length; i++) {
        var ca = (va[i] >> bit) & 1, cb = (vb[i] >> bit) & 1;
        if (ca > cb) n10++;
        else if (ca < cb) n01++;
      }
      return [n10, n01];
    }
    var prefix = sel.length > 2 ? ma.name + ' vs ' + mb.name + ': ' : '';
    if (a === b) return prefix + 'the same model twice.';
    var c = count(d.rank[j]), p = mcnemar(c[0], c[1]), s;
    if (p < 0.05) s = prefix + (c[0] > c[1] ? ma.name : mb.name) + ' is significantly ' + d.more + ' (' + pol + 'exact McNemar p = ' + p.toPrecision(2) + ', ' + c[0] + ' vs ' + c[1] + ' discordant ' + d.noun[1] + ').';
    else s = prefix + 'No significant difference in ' + d.what + ' (' + pol + 'exact McNemar p = ' + p.toPrecision(2) + ', ' + c[0] + ' vs ' + c[1] + ' discordant ' + d.noun[1] + '): the test does not separate them.';
    shown.forEach(function (bit) {
      if (bit === d.rank[j]) return;
      var e = count(bit);
      s += ' ' + d.bits[bit].what + ': p = ' + mcnemar(e[0], e[1]).toPrecision(2) + ' (' + e[0] + ' vs ' + e[1] + ').';
    });
    return s;
  }

  function render() {
    var sel = picked(), j = policy();
    var shown = [];
    d.bits.forEach(function (b, k) { if (b.policy < 0 || b.policy === j) shown.push(k); });
    var pol = d.policies[j] ? d.policies[j] + '; ' : '';
    var head = document.querySelector('#cmp-table thead tr');
    head.textContent = '';
    head.appendChild(cell('th', 'Metric')).scope = 'col';
    sel.forEach(function (i) { head.appendChild(cell('th', d.models[i].name, 'num model')).scope = 'col'; });
    var body = document.querySelector('#cmp-table tbody');
    body.textContent = '';
    d.metrics.forEach(function (mt, k) {
      var tr = document.createElement('tr');
      var th = cell('th', mt.label);
      th.scope = 'row';
      th.title = mt.title;
      tr.appendChild(th);
      sel.forEach(function (i) { tr.appendChild(cell('td', rate(i, k, j), 'num')); });
      body.appendChild(tr);
    });
    var ver = document.getElementById('cmp-verdict');
    ver.textContent = '';
    if (sel.length < 2) ver.appendChild(cell('p', 'Pick two models or more to compare.'));
    for (var x = 0; x < sel.length; x++) {
      for (var y = x + 1; y < sel.length; y++) ver.appendChild(cell('p', verdict(sel, x, y, j, shown, pol)));
    }
    var ih = document.querySelector('#cmp-items thead tr');
    ih.textContent = '';
    ih.appendChild(cell('th', 'Item')).scope = 'col';
    if (d.group) ih.appendChild(cell('th', d.group)).scope = 'col';
    sel.forEach(function (i) { ih.appendChild(cell('th', d.models[i].name)).scope = 'col'; });
    var ib = document.querySelector('#cmp-items tbody');
    ib.textContent = '';
    var rows = 0;
    for (var i = 0; i < d.items.length; i++) {
      var differ = false;
      shown.forEach(function (b) {
        sel.slice(1).forEach(function (m) {
          differ = differ || ((bits(m)[i] >> b) & 1) !== ((bits(sel[0])[i] >> b) & 1);
        });
      });
      if (!differ) continue;
      rows++;
      var it = d.items[i], tr = document.createElement('tr');
      var th = document.createElement('th');
      th.scope = 'row';
      th.appendChild(link(it[2], it[0]));
      tr.appendChild(th);
      if (d.group) tr.appendChild(cell('td', it[1]));
      sel.forEach(function (m) {
        var words = shown.map(function (b) { return (bits(m)[i] >> b) & 1 ? d.bits[b].yes : d.bits[b].no; });
        var td = document.createElement('td');
        td.appendChild(link(it[3].split('{m}').join(d.models[m].slug), words.join(', ')));
        tr.appendChild(td);
      });
      ib.appendChild(tr);
    }
    var whats = shown.map(function (b) { return d.bits[b].what.toLowerCase(); });
    document.getElementById('cmp-count').textContent = rows + ' of ' + d.items.length + ' ' + d.noun[1] + ' differ in ' + whats.join(' or ') + '.';
    var h = new URLSearchParams(location.hash.replace(/^#/, ''));
    h.delete('a');
    h.delete('b');
    h.set('m', sel.map(function (i) { return d.models[i].id; }).join(','));
    history.replaceState(null, '', '#' + h.toString());
  }

  // #m=<id>,<id>,… picks the models; #a=<id>&b=<id>, the older
  // permalink, the first two. One model is compared with the board's
  // first (or second).
  function fromHash() {
    var h = new URLSearchParams(location.hash.replace(/^#/, ''));
    var ids = h.get('m') !== null ? h.get('m').split(',') : [h.get('a'), h.get('b')].filter(function (x) { return x !== null; });
    ids = ids.filter(function (id) { return Object.prototype.hasOwnProperty.call(byId, id); }).slice(0, sels.length);
    if (ids.length === 1 && d.models.length > 1) ids.push(d.models[byId[ids[0]] === 0 ? 1 : 0].id);
    if (ids.length > 0) {
      sels.forEach(function (s, k) { s.value = k < ids.length ? ids[k] : (s.options[0].value === '' ? '' : s.value); });
    }
  }
  fromHash();
  sels.forEach(function (s) { s.addEventListener('change', render); });
  Array.from(document.querySelectorAll('input[name=policy]')).forEach(function (r) { r.addEventListener('change', render); });
  window.addEventListener('hashchange', function () { fromHash(); render(); });
  render();
})();
