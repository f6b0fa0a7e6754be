(function () {
  "use strict";
  // Untrusted text only ever reaches the page through textContent, never as markup.
  var META = JSON.parse(document.getElementById("atelier-meta").textContent);
  var SIDE = { p: "prompt", i: "image" };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function score(x) { return x === null || x === undefined ? "n/a" : Number(x).toFixed(2); }  // like the means: 4.00 beside 4.65
  function pct(x) { return x === null || x === undefined ? "n/a" : (x * 100).toFixed(0) + "%"; }
  function row(cells, cls) {
    var tr = el("tr", cls);
    cells.forEach(function (c) { tr.appendChild(c instanceof Node ? c : el("td", null, c)); });
    return tr;
  }
  function table(cls, head, rows, sort) {
    var t = el("table", cls), th = el("thead"), tb = el("tbody"), hr = el("tr");
    head.forEach(function (h) { hr.appendChild(el("th", null, h)); });
    add(t, add(th, hr), tb);
    rows.forEach(function (r) { tb.appendChild(r); });
    if (sort) { t.classList.add("sortable"); sortable(t); }
    return add(el("div", "scroll"), t);  // a wide table scrolls inside its box, never the page
  }

  // --- sortable tables -------------------------------------------------------------------
  function sortKey(cell) {
    var s = cell.getAttribute("data-sort");
    var text = s !== null ? s : cell.textContent.trim();
    var n = parseFloat(text);
    return isNaN(n) || !/^-?[\d.]/.test(text) ? text.toLowerCase() : n;
  }
  function sortable(t) {
    t.querySelectorAll("thead th").forEach(function (th, col) {
      th.tabIndex = 0;
      th.addEventListener("click", function () {
        var dir = th.getAttribute("data-dir") === "desc" ? "asc" : "desc";
        t.querySelectorAll("thead th").forEach(function (h) { h.removeAttribute("data-dir"); });
        th.setAttribute("data-dir", dir);
        var body = t.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = sortKey(a.cells[col]), y = sortKey(b.cells[col]);
          var c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
          return dir === "asc" ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  }
  document.querySelectorAll("table.sortable").forEach(sortable);

  // --- drill-down, built when a task is opened -------------------------------------------
  var tasks = Array.prototype.slice.call(document.querySelectorAll("details.task"));
  var F = { cat: "", p: "", b: "", o: "", q: "", fa: "", pb: "", cp: "", prim: "", fo: "", sort: "" };
  var FIELDS = [["f-cat", "cat"], ["f-p", "p"], ["f-b", "b"], ["f-o", "o"], ["f-fa", "fa"], ["f-pb", "pb"], ["f-cp", "cp"], ["f-prim", "prim"],
    ["f-fo", "fo"], ["f-sort", "sort"], ["f-q", "q"]];
  function failedRow(v) { return v[2] === "fail" || v[2] === "error"; }

  function data(t) {
    if (!t._data) t._data = JSON.parse(t.querySelector("script.dd").textContent);
    return t._data;
  }
  function runLabel(r) { return META.prompters[r.p] + " · " + META.backends[r.b]; }
  function runFull(r) { return META.full[0][r.p] + " · " + META.full[1][r.b]; }
  function counts(r, side) {
    var pass = 0, n = 0;
    r.v.forEach(function (v) { if (v[1] === side && (v[2] === "pass" || v[2] === "fail")) { n++; if (v[2] === "pass") pass++; } });
    return n ? pass + "/" + n : "n/a";
  }

  function overview(d, runs) {
    var keep = d.cp.map(function () { return !F.fo; });
    if (F.fo) runs.forEach(function (r) { r.v.forEach(function (v) { if (failedRow(v)) keep[v[0]] = true; }); });
    var cps = d.cp.map(function (c, i) { return [c, i]; }).filter(function (ci) { return keep[ci[1]]; });
    var head = ["run"].concat(cps.map(function (ci) { return ci[0][0]; }));
    var rows = runs.map(function (r) {
      var byCp = {};
      r.v.forEach(function (v) { (byCp[v[0]] = byCp[v[0]] || {})[v[1]] = v; });
      var head = el("th", null, runLabel(r));
      head.title = runFull(r);
      var cells = [head];
      cps.forEach(function (ci) {
        var c = ci[0], i = ci[1], td = el("td", "v"), tip = [c[0]];
        ["p", "i"].forEach(function (side) {
          var v = (byCp[i] || {})[side];
          td.appendChild(el("i", "mk " + (v ? v[2] : "none")));
          tip.push(SIDE[side] + ": " + (v ? v[2] + " (" + d.S[v[3]] + ")" : "n/a"));
        });
        td.title = tip.join("\n");
        cells.push(td);
      });
      return row(cells);
    });
    var wrap = el("div", "overview");
    add(wrap, el("p", "meta", "Left mark: prompt side, right mark: image side (green pass, red fail, yellow abstained, grey skipped or n/a). Hover for the reason." +
      (F.fo ? " Failures only: " + cps.length + " of " + d.cp.length + " checkpoints failed in a shown run." : "")),
      table("overview", head, rows));
    return wrap;
  }

  function thumbs(d, r) {
    var S = d.S, box = el("div", "thumbs");
    r.im.forEach(function (im) {
      var fig = el("figure", im[6] ? "top1" : "");
      if (im[0] >= 0) {
        var img = el("img");
        img.loading = "lazy"; img.width = 128; img.alt = runLabel(r) + " image " + im[3];
        img.src = S[im[0]];
        img.addEventListener("click", function () { img.classList.toggle("big"); });
        fig.appendChild(img);
      } else {
        fig.appendChild(el("p", "na", "n/a: " + S[im[1]]));
      }
      fig.appendChild(el("figcaption", null, "output " + im[2] + " · #" + im[3] + " · seed " + im[4] + " · " + pct(im[5]) + (im[6] ? " · top-1" : "")));
      if (S[im[7]]) fig.appendChild(el("figcaption", "flag", "excluded by the safety gate: " + S[im[7]]));
      box.appendChild(fig);
    });
    return box;
  }

  function promptsAndImages(d, r, body) {
    var S = d.S;
    body.appendChild(el("h4", null, r.pr.length > 1 ? "Prompts" : "Prompt"));
    if (!r.pr.length) body.appendChild(el("p", "na", "n/a: no prompt was written"));
    r.pr.forEach(function (p, i) {
      if (r.pr.length > 1) body.appendChild(el("div", "meta", "output " + (i + 1)));
      body.appendChild(el("pre", "prompt", S[p]));
    });
    if (S[r.m]) body.appendChild(el("p", "meta", "prompter: " + S[r.m]));
    body.appendChild(el("h4", null, "Images"));
    body.appendChild(r.ni !== undefined ? el("p", "na", "n/a: " + S[r.ni]) : thumbs(d, r));
  }

  // --- two prompters side by side, per backend ---------------------------------------------
  function pairSelect(d, present, value, label) {
    var s = el("select");
    s.setAttribute("aria-label", label);
    s.appendChild(el("option", null, "choose a prompter")).value = "";
    present.forEach(function (p) { var o = el("option", null, META.prompters[p]); o.value = String(p); o.title = META.full[0][p]; s.appendChild(o); });
    s.value = value === undefined ? "" : String(value);
    return s;
  }
  function compare(t) {
    var d = data(t), host = t.querySelector(".cmp"), S = d.S, present = [];
    host.textContent = "";
    d.runs.forEach(function (r) { if (present.indexOf(r.p) < 0) present.push(r.p); });
    if (present.length < 2) return;
    var pair = t._cmp || [], head = el("div", "cmp-head");
    var sa = pairSelect(d, present, pair[0], "compare: first prompter"), sb = pairSelect(d, present, pair[1], "compare: second prompter");
    function changed() {
      t._cmp = sa.value !== "" || sb.value !== "" ? [sa.value === "" ? undefined : +sa.value, sb.value === "" ? undefined : +sb.value] : null;
      compare(t);
      saveState();
    }
    sa.addEventListener("input", changed); sb.addEventListener("input", changed);
    add(host, add(head, el("h4", null, "Compare side by side"), sa, el("span", "meta", " with "), sb));
    if (pair[0] === undefined || pair[1] === undefined || pair[0] === pair[1]) {
      host.appendChild(el("p", "meta", "Choose two prompters to see their prompts, images and verdicts on this task next to each other."));
      return;
    }
    var backends = [];
    d.runs.forEach(function (r) {
      if ((r.p === pair[0] || r.p === pair[1]) && (F.b === "" || String(r.b) === F.b) && backends.indexOf(r.b) < 0) backends.push(r.b);
    });
    backends.sort(function (a, b) { return a - b; });
    if (!backends.length) host.appendChild(el("p", "na", "n/a: neither prompter has a run on the shown backends"));
    backends.forEach(function (b) {
      var runs = pair.map(function (p) { return d.runs.filter(function (r) { return r.p === p && r.b === b; })[0]; });
      var block = el("div", "cmp-backend"), title = el("h4", null, "backend " + META.backends[b]);
      title.title = META.full[1][b];
      var grid = el("div", "pair");
      runs.forEach(function (r, i) {
        var side = el("div", "side"), name = el("b", null, META.prompters[pair[i]]);
        name.title = META.full[0][pair[i]];
        add(side, el("i", "dot s" + (pair[i] % 10)), name);
        if (!r) { side.appendChild(el("p", "na", "n/a: no run on this backend")); grid.appendChild(side); return; }
        r.f.forEach(function (f) { side.appendChild(el("span", "badge " + f, f)); });
        side.appendChild(el("span", "meta", "  prompt " + counts(r, "p") + " · image " + counts(r, "i")));
        if (r.e !== undefined) side.appendChild(el("pre", "error", S[r.e]));
        promptsAndImages(d, r, side);
        grid.appendChild(side);
      });
      add(block, title, grid);
      var by = runs.map(function (r) {
        var m = {};
        if (r) r.v.forEach(function (v) { m[v[0] + v[1]] = v; });
        return m;
      });
      var keys = [];
      d.cp.forEach(function (c, i) { ["p", "i"].forEach(function (side) { if (by[0][i + side] || by[1][i + side]) keys.push([i, side]); }); });
      var rows = [], differ = 0;
      keys.forEach(function (k) {
        var va = by[0][k[0] + k[1]], vb = by[1][k[0] + k[1]], c = d.cp[k[0]];
        if (F.fo && !(va && failedRow(va)) && !(vb && failedRow(vb))) return;
        var same = (va ? va[2] : "") === (vb ? vb[2] : "");
        if (!same) differ++;
        var cells = [c[0], c[1] || "–", SIDE[k[1]], (k[1] === "p" ? c[2] : c[3]) || "–"];
        [va, vb].forEach(function (v) { cells.push(el("td", "o " + (v ? v[2] : "none"), v ? v[2] : "n/a"), v ? S[v[3]] : "–"); });
        rows.push(row(cells, same ? "" : "diff"));
      });
      block.appendChild(el("p", "meta", differ + " of " + keys.length + " verdicts differ (highlighted)" + (F.fo ? "; failures only" : "")));
      block.appendChild(table("verdicts cmpv", ["checkpoint", "primitive", "side", "statement", META.prompters[pair[0]], "reason",
        META.prompters[pair[1]], "reason"], rows, true));
      host.appendChild(block);
    });
  }

  function panel(d, r) {
    var S = d.S, det = el("details", "run"), sum = el("summary"), body = el("div");
    var name = el("b", null, runLabel(r));
    name.title = runFull(r);
    add(sum, el("i", "dot s" + (r.p % 10)), name);
    r.f.forEach(function (f) { sum.appendChild(el("span", "badge " + f, f)); });
    var subj = { p: [], i: [] };
    r.s.forEach(function (s) { if (s[2] !== null) subj[s[1]].push(s[2]); });
    function mean(xs) { return xs.length ? score(xs.reduce(function (a, b) { return a + b; }, 0) / xs.length) : "n/a"; }
    sum.appendChild(el("span", "meta", "  prompt " + counts(r, "p") + " · image " + counts(r, "i") + " · subj. " + mean(subj.p) + " / " + mean(subj.i) +
      " · $" + r.c.toFixed(4) + " · " + (r.t.total_s !== undefined ? r.t.total_s.toFixed(2) + " s" : "n/a")));
    if (r.e !== undefined) body.appendChild(el("pre", "error", S[r.e]));
    if (r.x !== undefined) body.appendChild(el("p", "flag", "Excluded from grading by the safety gate: " + S[r.x]));
    promptsAndImages(d, r, body);
    body.appendChild(el("h4", null, "Checkpoints"));
    var order = r.v.filter(function (v) { return !F.fo || failedRow(v); }).sort(function (a, b) { return a[0] - b[0] || (a[1] < b[1] ? 1 : -1); });
    if (F.fo) body.appendChild(el("p", "meta", "Failures only: " + order.length + " of " + r.v.length + " verdicts."));
    body.appendChild(table("verdicts", ["checkpoint", "primitive"].concat(META.idea ? ["level"] : []).concat(["side", "statement", "verdict", "reason", "decided by"]),
      order.map(function (v) {
        var c = d.cp[v[0]], stmt = v[1] === "p" ? c[2] : c[3];
        var cells = [c[0], c[1] || "–"].concat(META.idea ? [c[4] === null ? "–" : c[4]] : [])
          .concat([el("td", "sd", SIDE[v[1]]), stmt || "–", el("td", "o " + v[2], v[2]), S[v[3]], S[v[4]]]);
        return row(cells);
      }), true));
    if (!r.v.length) body.appendChild(el("p", "na", "n/a: no verdicts (" + (r.e !== undefined ? "the run failed" : "nothing was judged") + ")"));
    if (r.mt) {
      body.appendChild(el("h4", null, "Metrics"));
      body.appendChild(table("metrics", ["metric", "output", "checkpoint", "value", "detail"], r.mt.map(function (m) {
        return row([S[m[0]], m[1] === null ? "–" : m[1], S[m[2]] || "–", m[3] === null ? "n/a" : (+m[3].toPrecision(3)).toString(), S[m[4]]]);
      })));
    }
    if (r.id) body.appendChild(el("p", null, "IDEA hierarchical score: prompt " + pct(r.id[0]) + ", image " + pct(r.id[1])));
    if (r.ag) {
      body.appendChild(el("p", null, "Judge agreement: " + pct(r.ag.a) + " of votes on average over " + r.ag.n + " verdicts judged more than once"));
      if (r.ag.split.length) {
        var ul = el("ul", "meta");
        r.ag.split.forEach(function (s) { ul.appendChild(el("li", null, S[s])); });
        body.appendChild(ul);
      }
    }
    body.appendChild(el("h4", null, "Subjective scores"));
    body.appendChild(r.s.length ? table("scores", ["side", "dimension", "score", "rationale", "decided by", "exemplars"], r.s.map(function (s) {
      return row([SIDE[s[1]], s[0].replace(/_/g, " "), s[2] === null ? "n/a (abstained)" : score(s[2]), S[s[3]], S[s[4]], S[s[5]] || "–"]);
    })) : el("p", "na", "n/a: no subjective scores"));
    if (r.sf.length) {
      body.appendChild(el("h4", null, "Safety"));
      body.appendChild(table("scores", ["side", "flagged", "categories", "reason", "decided by"], r.sf.map(function (s) {
        return row([SIDE[s[0]] + (s[6] !== null ? " #" + s[6] : ""), s[1] ? "FLAGGED" : "clear", S[s[2]] || "–", S[s[3]] || "–", S[s[4]]]);
      })));
    }
    var t = Object.keys(r.t).map(function (k) { return k.replace(/_s$/, "") + " " + r.t[k].toFixed(2) + " s"; }).join(", ");
    body.appendChild(el("p", "meta", "judge " + S[r.j] + " · cost $" + r.c.toFixed(4) + " · API requests: " + r.n[0] + " sent (" + r.n[1] + " retries), " + r.n[2] +
      " answers from cache" + (r.n[3] ? ", " + r.n[3] + " refused by the budget" : "") + " · timings: " + (t || "n/a") + " · run " + S[r.k]));
    return add(det, sum, body);
  }

  function render(t) {
    var d = data(t), host = t.querySelector(".runs");
    var runs = d.runs.filter(function (r) { return (F.p === "" || String(r.p) === F.p) && (F.b === "" || String(r.b) === F.b); });
    // Rebuilding for a filter keeps every run panel as the user left it (open or closed), shown or not.
    t._open = t._open || {};
    host.querySelectorAll("details.run").forEach(function (p) { t._open[p.getAttribute("data-k")] = p.open; });
    host.textContent = "";
    compare(t);
    host.appendChild(el("h4", null, "Runs (" + runs.length + ")"));
    if (!runs.length) { host.appendChild(el("p", "na", "n/a: no run matches the filters")); return; }
    host.appendChild(overview(d, runs));
    runs.forEach(function (r) {
      var p = panel(d, r), was = t._open[r.k];
      p.setAttribute("data-k", r.k);
      p.open = was === undefined ? runs.length <= 2 : was;
      host.appendChild(p);
    });
  }
  tasks.forEach(function (t) { t.addEventListener("toggle", function () { if (t.open) render(t); }); });

  // --- filters and search ---------------------------------------------------------------
  var count = document.getElementById("f-count");
  // What a reader can see in a task's runs: strings and statements, never JSON keys or image data.
  function visibleText(t) {
    var d = data(t), hidden = {}, parts = [];
    d.runs.forEach(function (r) {
      r.im.forEach(function (im) { if (im[0] >= 0) hidden[im[0]] = true; });
      parts.push(runLabel(r), runFull(r));
    });
    d.S.forEach(function (s, i) { if (!hidden[i]) parts.push(s); });
    d.cp.forEach(function (c) { parts.push(c[0], c[1], c[2], c[3]); });
    return parts.join("\n").toLowerCase();
  }
  // "Failed by A, passed by B" on the chosen backend (or all): some run of A failed a verdict or
  // errored; B has runs there, each decided and with no failure.
  function failedPassed(t) {
    var aFailed = F.fa === "", bRuns = 0, bPassed = true;
    t.querySelectorAll(".strip i").forEach(function (c) {
      if (F.b !== "" && c.getAttribute("data-b") !== F.b) return;
      var p = c.getAttribute("data-p"), o = c.getAttribute("data-o");
      if (p === F.fa && o === "fail") aFailed = true;
      if (p === F.pb) { bRuns++; if (o !== "pass") bPassed = false; }
    });
    return aFailed && (F.pb === "" || (bRuns > 0 && bPassed));
  }
  var list = tasks.length ? tasks[0].parentNode : null;
  function sortTasks() {
    var key = F.sort.replace(/^-/, ""), sign = F.sort.charAt(0) === "-" ? -1 : 1;
    var order = tasks.map(function (t, i) {
      var v = key ? t.getAttribute("data-" + key) : "";
      return { t: t, i: i, v: v === "" || v === null ? null : parseFloat(v) };
    });
    order.sort(function (a, b) {
      if (!key || (a.v === null && b.v === null)) return a.i - b.i;
      if (a.v === null || b.v === null) return a.v === null ? 1 : -1;  // n/a last either way
      return sign * (a.v - b.v) || a.i - b.i;
    });
    order.forEach(function (o) { list.appendChild(o.t); });
  }
  function apply() {
    var shown = 0;
    if (list) sortTasks();
    tasks.forEach(function (t) {
      var ok = !F.cat || t.getAttribute("data-cat") === F.cat;
      if (ok && F.q) {
        if (t._text === undefined) t._text = visibleText(t);
        ok = t.getAttribute("data-s").indexOf(F.q) >= 0 || t._text.indexOf(F.q) >= 0;
      }
      var visible = 0, any = false, all = true, hit = false;
      t.querySelectorAll(".strip .pg").forEach(function (g) { g.hidden = F.p !== "" && g.getAttribute("data-p") !== F.p; });
      t.querySelectorAll(".strip i").forEach(function (c) {
        var vis = (F.p === "" || c.getAttribute("data-p") === F.p) && (F.b === "" || c.getAttribute("data-b") === F.b);
        c.hidden = !vis;
        if (!vis) return;
        visible++;
        if (F.cp || F.prim) {  // one failed checkpoint of this run with that id and that primitive
          var xp = JSON.parse(c.getAttribute("data-xp"));
          JSON.parse(c.getAttribute("data-x")).forEach(function (x, i) {
            if ((!F.cp || x === F.cp) && (!F.prim || xp[i] === F.prim)) hit = true;
          });
        }
        var flags = c.getAttribute("data-f").split(" ");
        if (flags.indexOf(F.o) >= 0) any = true;
        if (flags.indexOf("pass") < 0) all = false;
      });
      if (ok && (F.p !== "" || F.b !== "")) ok = visible > 0;
      if (ok && F.o) ok = visible > 0 && (F.o === "pass" ? all : any);
      if (ok && (F.fa !== "" || F.pb !== "")) ok = failedPassed(t);
      if (ok && (F.cp || F.prim)) ok = hit;
      t.hidden = !ok;
      if (ok) shown++;
      if (ok && t.open) render(t);
    });
    count.textContent = shown + " of " + tasks.length + " tasks";
  }
  function fieldValue(input) { return input.type === "checkbox" ? (input.checked ? "1" : "") : input.value; }
  function readField(pair) {
    var input = document.getElementById(pair[0]);
    F[pair[1]] = pair[1] === "q" ? input.value.trim().toLowerCase() : fieldValue(input);
  }
  FIELDS.forEach(function (pair) {
    document.getElementById(pair[0]).addEventListener("input", function () { readField(pair); apply(); saveState(); });
  });

  // --- the view in the URL hash: filters, sort, open tasks and open run panels ----------------
  // #f-p=1&f-fa=0&open=oe_000&run=oe_000.3 (run: the task id, a dot, the run's index in the task)
  var restoring = false;
  function stateHash() {
    var q = new URLSearchParams();
    FIELDS.forEach(function (pair) { var v = fieldValue(document.getElementById(pair[0])); if (v) q.append(pair[0], v); });
    tasks.forEach(function (t) {
      if (!t.open) return;
      var id = t.id.slice(5);
      q.append("open", id);
      if (t._cmp && t._cmp[0] !== undefined && t._cmp[1] !== undefined) q.append("cmp", id + "." + t._cmp[0] + "." + t._cmp[1]);
      if (!t._data) return;
      var shown = {};
      t.querySelectorAll("details.run").forEach(function (p) { shown[p.getAttribute("data-k")] = p.open; });
      t._data.runs.forEach(function (r, i) {
        var open = r.k in shown ? shown[r.k] : (t._open || {})[r.k];
        if (open) q.append("run", id + "." + i);
      });
    });
    return q.toString();
  }
  function saveState() {
    if (restoring) return;
    var h = stateHash(), url = location.href.split("#")[0] + (h ? "#" + h : "");
    if (url === location.href) return;
    try { history.replaceState(null, "", url); } catch (e) { location.replace(h ? "#" + h : "#"); }
  }
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (d.tagName === "DETAILS" && (d.classList.contains("task") || d.classList.contains("run"))) saveState();
  }, true);

  function restore(hash) {
    if (hash.indexOf("#task-") === 0) {
      var target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target && target.tagName === "DETAILS") { target.open = true; target.scrollIntoView(); }
      return;
    }
    if (hash.indexOf("=") < 0) return;  // a section anchor such as #leaderboard
    var q = new URLSearchParams(hash.slice(1)), first = null;
    restoring = true;
    FIELDS.forEach(function (pair) {
      var input = document.getElementById(pair[0]), v = q.get(pair[0]) || "";
      if (input.tagName === "SELECT" && v && !Array.prototype.some.call(input.options, function (o) { return o.value === v; })) v = "";
      if (input.type === "checkbox") input.checked = v === "1"; else input.value = v;
      readField(pair);
    });
    var runs = {}, pairs = {};
    q.getAll("cmp").forEach(function (c) {  // task.a.b: the task id, then the two prompters' indices
      var m = /^(.*)\.(\d+)\.(\d+)$/.exec(c);
      if (m) pairs[m[1]] = [+m[2], +m[3]];
    });
    q.getAll("run").forEach(function (r) {
      var dot = r.lastIndexOf(".");
      (runs[r.slice(0, dot)] = runs[r.slice(0, dot)] || {})[r.slice(dot + 1)] = true;
    });
    apply();
    var opened = q.getAll("open");
    tasks.forEach(function (t) { if (t.open && opened.indexOf(t.id.slice(5)) < 0) t.open = false; });
    opened.forEach(function (id) {
      var t = document.getElementById("task-" + id);
      if (!t || !t.classList.contains("task")) return;
      t._open = {};
      t._cmp = pairs[id] && pairs[id][0] < META.prompters.length && pairs[id][1] < META.prompters.length ? pairs[id] : null;
      data(t).runs.forEach(function (r, i) { t._open[r.k] = !!(runs[id] || {})[i]; });
      t.open = true;
      render(t);
      if (!first && !t.hidden) first = t;
    });
    restoring = false;
    if (first) first.scrollIntoView();
  }
  restore(location.hash);
  window.addEventListener("hashchange", function () { restore(location.hash); });
})();
