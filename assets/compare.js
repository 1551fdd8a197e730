// Compare page: pairs two models from the figures and per-problem verdict
// bits embedded in the page. Bits per problem: 1 correct, 2 compliant
// (Strict), 4 compliant (Loose); two problems per character.
(function () {
  'use strict';
  var el = document.getElementById('compare-data');
  if (!el) return;
  var d = JSON.parse(el.textContent);
  var ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var selA = document.getElementById('cmp-a'), selB = document.getElementById('cmp-b');
  var byId = {};
  d.models.forEach(function (m, i) { byId[m.id] = i; });

  function bits(m) {
    var out = [];
    for (var i = 0; i < d.items.length; i++) {
      var v = ALPHA.indexOf(m.vec.charAt(i >> 1));
      out.push((v >> (3 * (i & 1))) & 7);
    }
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
    return l && l.checked ? 'loose' : 'strict';
  }
  // A model's figure on metric k under policy j (0 Strict, 1 Loose):
  // denominators are the metric's unless the model carries its own.
  function rate(m, k, j) {
    var p = m.pass[2 * k + j], t = m.total ? m.total[2 * k + j] : d.metrics[k].total[j];
    return p < 0 || t <= 0 ? '—' : (100 * p / t).toFixed(1) + '%';
  }
  function cell(tag, text, cls) {
    var c = document.createElement(tag);
    c.textContent = text;
    if (cls) c.className = cls;
    return c;
  }
  function link(href, text) {
    var a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    return a;
  }
  function answer(m, it) {
    return 'models/' + m.slug + '/' + d.files[it[3]] + '#' + it[1];
  }
  function describe(b, bit) {
    return (b & vCorrect ? 'correct' : 'incorrect') + ', ' + (b & bit ? 'compliant' : 'non-compliant');
  }
  var vCorrect = 1;

  function render() {
    var a = d.models[selA.selectedIndex], b = d.models[selB.selectedIndex];
    if (!a || !b) return;
    var loose = policy() === 'loose', j = loose ? 1 : 0, bit = loose ? 4 : 2;
    document.getElementById('cmp-ha').textContent = a.name;
    document.getElementById('cmp-hb').textContent = b.name;
    var body = document.querySelector('#cmp-table tbody');
    body.textContent = '';
    d.metrics.forEach(function (mt, k) {
      var tr = document.createElement('tr');
      var th = cell('th', mt.label);
      th.scope = 'row';
      th.title = mt.title;
      tr.appendChild(th);
      tr.appendChild(cell('td', rate(a, k, j), 'num'));
      tr.appendChild(cell('td', rate(b, k, j), 'num'));
      body.appendChild(tr);
    });
    var va = bits(a), vb = bits(b);
    var n10 = 0, n01 = 0, c10 = 0, c01 = 0, rows = [];
    for (var i = 0; i < va.length; i++) {
      var ca = va[i] & bit, cb = vb[i] & bit;
      if (ca && !cb) n10++;
      if (!ca && cb) n01++;
      if ((va[i] & vCorrect) && !(vb[i] & vCorrect)) c10++;
      if (!(va[i] & vCorrect) && (vb[i] & vCorrect)) c01++;
      if (ca !== cb || (va[i] & vCorrect) !== (vb[i] & vCorrect)) rows.push(i);
    }
    var p = mcnemar(n10, n01), pc = mcnemar(c10, c01);
    var v;
    if (a === b) v = 'The same model twice.';
    else if (p < 0.05) v = (n10 > n01 ? a.name : b.name) + ' is significantly more compliant (' + (loose ? 'Loose' : 'Strict') + '; exact McNemar p = ' + p.toPrecision(2) + ', ' + n10 + ' vs ' + n01 + ' discordant problems).';
    else v = 'No significant difference in compliance (' + (loose ? 'Loose' : 'Strict') + '; exact McNemar p = ' + p.toPrecision(2) + ', ' + n10 + ' vs ' + n01 + ' discordant problems): they share a rank.';
    if (a !== b) v += ' Correctness: p = ' + pc.toPrecision(2) + ' (' + c10 + ' vs ' + c01 + ').';
    document.getElementById('cmp-verdict').textContent = v;
    document.getElementById('cmp-count').textContent = rows.length + ' of ' + va.length + ' problems differ in correctness or compliance.';
    var ib = document.querySelector('#cmp-items tbody');
    ib.textContent = '';
    rows.forEach(function (i) {
      var it = d.items[i], tr = document.createElement('tr');
      var th = document.createElement('th');
      th.scope = 'row';
      th.appendChild(link('problems/' + it[1] + '.html', it[0]));
      tr.appendChild(th);
      tr.appendChild(cell('td', it[2]));
      var ta = document.createElement('td'), tb = document.createElement('td');
      ta.appendChild(link(answer(a, it), describe(va[i], bit)));
      tb.appendChild(link(answer(b, it), describe(vb[i], bit)));
      tr.appendChild(ta);
      tr.appendChild(tb);
      ib.appendChild(tr);
    });
    var h = new URLSearchParams(location.hash.replace(/^#/, ''));
    h.set('a', a.id);
    h.set('b', b.id);
    history.replaceState(null, '', '#' + h.toString());
  }

  var h = new URLSearchParams(location.hash.replace(/^#/, ''));
  function pick(key, dflt) {
    var id = h.get(key);
    return id !== null && Object.prototype.hasOwnProperty.call(byId, id) ? byId[id] : dflt;
  }
  selA.selectedIndex = pick('a', 0);
  selB.selectedIndex = pick('b', Math.min(1, d.models.length - 1));
  selA.addEventListener('change', render);
  selB.addEventListener('change', render);
  Array.from(document.querySelectorAll('input[name=policy]')).forEach(function (r) { r.addEventListener('change', render); });
  render();
})();
