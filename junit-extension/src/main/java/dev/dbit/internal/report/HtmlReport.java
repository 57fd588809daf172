package dev.dbit.internal.report;

import java.util.List;

/**
 * {@code report.html}: one self-contained page (no network, no CDN) that draws every test's wall
 * time split into server SQL, JDBC wait, CPU and other, with stalls standing out, and a sortable
 * table below. The data of every fork's JSON file is embedded; the page draws itself with inline
 * JavaScript.
 */
final class HtmlReport {
  private HtmlReport() {}

  static String render(List<String> forkJsons) {
    return PAGE.replace("/*DATA*/", "[" + String.join(",\n", forkJsons) + "]");
  }

  private static final String PAGE =
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>dbit run report</title>
      <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        h1 { font-size: 20px; margin: 0 0 8px; }
        .fork { margin: 4px 0; color: #444; }
        .warnings li { color: #9c3d00; }
        .legend span { display: inline-block; margin-right: 16px; }
        .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -1px; }
        .sql { fill: #3b6fd6; background: #3b6fd6; }
        .wait { fill: #f08c00; background: #f08c00; }
        .cpu { fill: #2f9e44; background: #2f9e44; }
        .other { fill: #adb5bd; background: #adb5bd; }
        svg text { font: 11px system-ui, sans-serif; fill: #222; }
        .bar.stall rect.frame { stroke: #d6336c; stroke-width: 2; fill: none; }
        .bar.stall text.name { fill: #d6336c; font-weight: 600; }
        table { border-collapse: collapse; margin-top: 16px; }
        th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: right; }
        th { cursor: pointer; background: #f1f3f5; position: sticky; top: 0; }
        td.name, th.name, td.verdict { text-align: left; }
        tr.stall td { background: #fff0f6; }
        .finding { border-left: 4px solid #d6336c; background: #fff0f6; padding: 4px 10px; margin: 8px 0; }
        .finding pre { white-space: pre-wrap; margin: 4px 0; }
        .finding.repeat { border-left-color: #f08c00; background: #fff9db; }
        td.name { cursor: pointer; }
        td.kinds, th.kinds { text-align: left; white-space: nowrap; }
        tr.shapes td { text-align: left; background: #f8f9fa; }
        tr.shapes table { margin: 4px 0 8px 16px; }
        tr.shapes td.sql { font-family: ui-monospace, monospace; font-size: 12px; }
      </style>
      </head>
      <body>
      <h1>dbit run report</h1>
      <div id="forks"></div>
      <p id="summary"></p>
      <div id="findings"></div>
      <p class="legend">
        <span><i class="swatch sql"></i>server SQL</span>
        <span><i class="swatch wait"></i>JDBC wait beyond server SQL</span>
        <span><i class="swatch cpu"></i>CPU of the test thread</span>
        <span><i class="swatch other"></i>other (sleeps, locks, I/O)</span>
        <span style="color:#d6336c;font-weight:600">framed: transport stall</span>
      </p>
      <div id="chart"></div>
      <table id="tests"><thead></thead><tbody></tbody></table>
      <script>
      const forks = /*DATA*/;
      const tests = [];
      for (const fork of forks) for (const t of fork.tests) tests.push(Object.assign({fork: fork.fork}, t));
      const fmt = (v, d = 1) => v === null || v === undefined ? 'n/a' : Number(v).toFixed(d);
      const cell = v => typeof v === 'number' ? fmt(v, Number.isInteger(v) ? 0 : 2) : (v === null || v === undefined ? 'n/a' : v);
      const short = v => v ? v.split(/[:(]/)[0].trim() : 'n/a';
      const name = t => t.class.substring(t.class.lastIndexOf('.') + 1).replace('$', '.') + '.' + t.name;
      const esc = v => String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
      const kinds = t => Object.entries(t.kinds || {}).filter(([k, n]) => n > 0).map(([k, n]) => `${n} ${k.slice(0, 3)}`).join(' · ') || '-';
      document.getElementById('forks').innerHTML = forks.map(f =>
        `<div class="fork">fork ${f.fork}: ${f.run['dbit.server'] || '?'} &mdash; ${f.run['dbit.server.version'] || ''}
         &mdash; test schemas: ${f.run['dbit.test-schema'] || '?'}
         ${f.run['dbit.server.settings'] || ''} &mdash; reset median ${fmt(f.reset.p50, 2)} ms
         (p10 ${fmt(f.reset.p10, 2)}, p90 ${fmt(f.reset.p90, 2)}, N=${f.reset.n})
         ${(f.run['dbit.server.warnings'] || 'none') === 'none' ? '' :
           '<ul class="warnings">' + f.run['dbit.server.warnings'].split(' | ').map(w => `<li>${w}</li>`).join('') + '</ul>'}</div>`).join('');
      const stalls = tests.filter(t => t.stall).length + forks.reduce((n, f) =>
        n + Object.values(f.classes || {}).filter(v => v.startsWith('transport stall')).length
          + (f.run['dbit.verdict.run'] ? 1 : 0), 0);
      const repeated = tests.filter(t => t.nPlusOne);
      document.getElementById('summary').textContent =
        `${tests.length} tests, ${stalls} transport stalls, ${repeated.length} with a likely N+1 (click a test for its statement shapes)`;
      const findings = document.getElementById('findings');
      for (const f of forks) {
        const found = [];
        if (f.run['dbit.verdict.run']) found.push(["transport stall across this run's small tests", f.run['dbit.verdict.run']]);
        for (const [c, v] of Object.entries(f.classes || {}))
          if (v.startsWith('transport stall')) found.push([`the small tests of ${c} together`, v]);
        for (const [title, text] of found) {
          const box = document.createElement('div');
          box.className = 'finding';
          const head = document.createElement('b');
          head.textContent = `fork ${f.fork}: ${title}`;
          const body = document.createElement('pre');
          body.textContent = text;
          box.append(head, body);
          findings.append(box);
        }
      }
      for (const t of repeated) {
        const box = document.createElement('div');
        box.className = 'finding repeat';
        const head = document.createElement('b');
        head.textContent = `${name(t)}: likely N+1`;
        const body = document.createElement('pre');
        body.textContent = t.nPlusOne;
        box.append(head, body);
        findings.append(box);
      }

      function parts(t) {
        const wall = t.wallMs || 0;
        const sql = Math.min(t.serverSqlMs || 0, wall);
        const wait = Math.min(Math.max(0, (t.jdbcMs || 0) - sql), wall - sql);
        const cpu = Math.min(t.cpuMs || 0, Math.max(0, wall - sql - wait));
        return {sql, wait, cpu, other: Math.max(0, wall - sql - wait - cpu)};
      }

      const sorted = tests.slice().sort((a, b) => b.wallMs - a.wallMs);
      const rowH = 16, labelW = 520, barW = 520, max = Math.max(1, ...sorted.map(t => t.wallMs));
      let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${labelW + barW + 90}" height="${sorted.length * rowH + 10}">`;
      sorted.forEach((t, i) => {
        const y = i * rowH + 4, p = parts(t);
        let x = labelW;
        svg += `<g class="bar${t.stall ? ' stall' : ''}" data-test="${name(t)}">`;
        svg += `<text class="name" x="${labelW - 6}" y="${y + 11}" text-anchor="end">${name(t)}</text>`;
        for (const k of ['sql', 'wait', 'cpu', 'other']) {
          const w = p[k] / max * barW;
          svg += `<rect class="${k}" x="${x}" y="${y}" width="${w}" height="${rowH - 4}"><title>${k} ${fmt(p[k], 2)} ms</title></rect>`;
          x += w;
        }
        if (t.stall) svg += `<rect class="frame" x="${labelW - 1}" y="${y - 1}" width="${t.wallMs / max * barW + 2}" height="${rowH - 2}"></rect>`;
        svg += `<text x="${x + 4}" y="${y + 11}">${fmt(t.wallMs)} ms</text></g>`;
      });
      document.getElementById('chart').innerHTML = svg + '</svg>';

      const columns = [
        ['test', t => name(t), 'name'], ['status', t => t.status], ['wall ms', t => t.wallMs],
        ['server SQL ms', t => t.serverSqlMs], ['SQL share %', t => t.serverSqlMs === null ? null : 100 * t.serverSqlMs / t.wallMs],
        ['JDBC ms', t => t.jdbcMs], ['CPU ms', t => t.cpuMs], ['statements', t => t.statements],
        ['by kind', t => kinds(t), 'kinds'],
        ['Questions', t => t.questions], ['reset ms', t => t.resetMs], ['verdict', t => short(t.verdict), 'verdict']];
      const shapeRows = t => (t.shapes || []).length === 0 ? '' :
        `<tr class="shapes" hidden><td colspan="${columns.length}"><table><tr><th>count</th><th>distinct values</th><th>kind</th><th>JDBC ms</th><th class="name">shape</th></tr>` +
        t.shapes.map(s => `<tr><td>${s.count}</td><td>${s.distinctValues}</td><td>${s.kind}</td><td>${fmt(s.jdbcMs, 2)}</td><td class="sql">${esc(s.sql)}</td></tr>`).join('') +
        '</table></td></tr>';
      let sortColumn = 2, descending = true;
      function drawTable() {
        document.querySelector('#tests thead').innerHTML = '<tr>' + columns.map((c, i) =>
          `<th class="${c[2] || ''}" data-column="${i}">${c[0]}${i === sortColumn ? (descending ? ' ▼' : ' ▲') : ''}</th>`).join('') + '</tr>';
        const rows = tests.slice().sort((a, b) => {
          const x = columns[sortColumn][1](a), y = columns[sortColumn][1](b);
          const c = (typeof x === 'number' && typeof y === 'number') ? x - y : String(x).localeCompare(String(y));
          return descending ? -c : c;
        });
        document.querySelector('#tests tbody').innerHTML = rows.map(t => `<tr class="${t.stall ? 'stall' : ''}" data-stall="${t.stall}">` +
          columns.map(c => { const v = c[1](t); const title = c[2] === 'verdict' ? ` title="${(t.verdict || '').replace(/"/g, '&quot;')}"` : '';
            return `<td class="${c[2] || ''}"${title}>${cell(v)}</td>`; }).join('') + '</tr>' + shapeRows(t)).join('');
        document.querySelectorAll('#tests td.name').forEach(td => td.onclick = () => {
          const next = td.parentElement.nextElementSibling;
          if (next && next.classList.contains('shapes')) next.hidden = !next.hidden;
        });
        document.querySelectorAll('#tests th').forEach(th => th.onclick = () => {
          const i = Number(th.dataset.column);
          descending = i === sortColumn ? !descending : true;
          sortColumn = i;
          drawTable();
        });
      }
      drawTable();
      </script>
      </body>
      </html>
      """;
}
