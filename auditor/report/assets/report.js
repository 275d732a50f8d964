/* omaha-auditor report page: renders the embedded report data (see assets/README.md).
 * No poker logic here: every state shown comes from the replay's steps; this script
 * only formats and lays them out. No network access: everything is in the page. */
(function () {
  "use strict";

  var DATA;
  try {
    DATA = JSON.parse(document.getElementById("report-data").textContent);
  } catch (e) {
    document.getElementById("main").textContent = "The report data could not be read: " + e;
    return;
  }
  var SUMMARY = DATA.summary || {};
  var FINDINGS = DATA.findings || [];
  var HANDS = DATA.hands || {};
  var PAGE_ROWS = 200;
  var PLAY_MS = 900;
  var STREETS = ["preflop", "flop", "turn", "river", "showdown"];
  var SEVERITIES = ["error", "warning", "info"];

  var state = {
    view: "summary",
    handKey: null,
    hand: null,
    step: 0,
    timer: null,
    showCards: false,
    bb: false,
    page: 0,
    filtered: null,
    haystack: null
  };

  // ------------------------------------------------------------------ helpers
  function $(id) { return document.getElementById(id); }

  /* el("td", {class: "x", text: "y", title: "z"}, [children]): attributes, text, on<event> */
  function el(tag, props, children) {
    var node = document.createElement(tag);
    if (props) {
      for (var key in props) {
        if (!Object.prototype.hasOwnProperty.call(props, key)) continue;
        var value = props[key];
        if (value === null || value === undefined || value === false) continue;
        if (key === "text") node.textContent = String(value);
        else if (key === "class") node.className = value;
        else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    if (children) {
      for (var i = 0; i < children.length; i++) {
        var child = children[i];
        if (child === null || child === undefined || child === false) continue;
        node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
      }
    }
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  function int(n) {
    if (n === null || n === undefined) return "\u2014";
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }

  function sevBadge(sev) {
    return el("span", {class: "sev sev-" + (sev || "info"), text: sev || "info"});
  }

  // ------------------------------------------------------------------ money
  var SYMBOLS = {USD: "$", EUR: "\u20ac", GBP: "\u00a3", CAD: "C$", AUD: "A$", INR: "\u20b9",
                 CNY: "\u00a5", JPY: "\u00a5", BRL: "R$", CHF: "CHF\u00a0"};
  var CHIPS = /^(|chips?|play|pm|t\$|tc|fpp)$/i;

  function decimalsOf(scale) {
    var d = 0;
    while (scale > 1 && scale % 10 === 0) { scale = scale / 10; d++; }
    return d;
  }

  /* An exact integer amount in the hand's minor unit, as currency or big blinds. */
  function money(amount, hand) {
    if (amount === null || amount === undefined) return "\u2014";
    var neg = amount < 0;
    var a = Math.abs(amount);
    var text;
    if (state.bb && hand.big_blind > 0) {
      // tenths of a big blind, half rounded up, in integers (no float surprises)
      var tenths = Math.floor((20 * a + hand.big_blind) / (2 * hand.big_blind));
      text = int(Math.floor(tenths / 10)) + "." + (tenths % 10) + " BB";
      return (neg && tenths ? "-" : "") + text;
    }
    var scale = hand.scale || 1;
    var d = decimalsOf(scale);
    var whole = Math.floor(a / scale);
    text = int(whole);
    if (d) text += "." + String(a % scale).padStart(d, "0");
    var cur = String(hand.currency || "");
    if (Object.prototype.hasOwnProperty.call(SYMBOLS, cur.toUpperCase())) {
      text = SYMBOLS[cur.toUpperCase()] + text;
    } else if (!CHIPS.test(cur)) {
      text = text + "\u00a0" + cur;
    }
    return (neg ? "-" : "") + text;
  }

  // ------------------------------------------------------------------ cards
  var SUITS = {s: ["\u2660", "spades"], h: ["\u2665", "hearts"], d: ["\u2666", "diamonds"],
               c: ["\u2663", "clubs"]};
  var RANKS = {A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", "9": "Nine", "8": "Eight",
               "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three", "2": "Two"};

  function card(code) {
    var c = String(code || "");
    var rank = c.slice(0, -1).toUpperCase();
    var suit = SUITS[c.slice(-1).toLowerCase()];
    if (!suit || !RANKS[rank]) {
      return el("span", {class: "card unknown", "data-card": c, "aria-label": "card " + c,
                         role: "img"}, [el("span", {class: "rank", text: c || "?"})]);
    }
    return el("span", {class: "card suit-" + c.slice(-1).toLowerCase(), "data-card": c,
                       role: "img", "aria-label": RANKS[rank] + " of " + suit[1]},
              [el("span", {class: "rank", text: rank}), el("span", {class: "suit", text: suit[0]})]);
  }

  function cardBack() {
    return el("span", {class: "card back", "data-card": "", role: "img", "aria-label": "hidden card"});
  }

  function cardSlot() { return el("span", {class: "card slot", "aria-hidden": "true"}); }

  // ------------------------------------------------------------------ summary
  function table(columns, rows, opts) {
    opts = opts || {};
    var head = el("tr", null, columns.map(function (c) {
      return el("th", {scope: "col", class: c.num ? "num" : null, text: c.label});
    }));
    var body = el("tbody");
    rows.forEach(function (row) {
      body.appendChild(el("tr", opts.rowAttrs ? opts.rowAttrs(row) : null, columns.map(function (c) {
        var v = c.get(row);
        return el("td", {class: c.num ? "num" : null},
                  [typeof v === "object" && v !== null ? v : String(v === null || v === undefined ? "" : v)]);
      })));
    });
    if (!rows.length) {
      body.appendChild(el("tr", null, [el("td", {colspan: columns.length, class: "muted", text: "none"})]));
    }
    return el("table", {class: "data" + (opts.compact ? " compact" : ""), "aria-label": opts.label || null},
              [el("thead", null, [head]), body]);
  }

  function kpi(label, value, testid, sub, subTestid) {
    return el("div", {class: "kpi", role: "listitem"}, [
      el("span", {class: "kpi-label", text: label}),
      el("span", {class: "kpi-value", "data-testid": testid, text: int(value)}),
      sub ? el("span", {class: "kpi-sub"}, [el("span", {"data-testid": subTestid, text: int(sub[0])}),
                                            " " + sub[1]]) : null
    ]);
  }

  function renderSummary() {
    var s = SUMMARY;
    $("report-meta").textContent = "Generated " + (DATA.generated_at || "?") + " by omaha-auditor " +
      (DATA.auditor_version || "");
    var kpis = clear($("kpis"));
    kpis.appendChild(kpi("Files", s.files, "summary-files", [s.files_not_read || 0, "not read"],
                         "summary-files-not-read"));
    kpis.appendChild(kpi("Hands read", s.hands_read, "summary-hands-read"));
    kpis.appendChild(kpi("Audited", s.hands_audited, "summary-hands-audited"));
    kpis.appendChild(kpi("Skipped", s.hands_skipped, "summary-hands-skipped"));
    kpis.appendChild(kpi("Rejected", s.hands_rejected, "summary-hands-rejected"));
    kpis.appendChild(kpi("Findings", DATA.findings_total, "summary-findings"));
    kpis.appendChild(kpi("Hands replayed here", Object.keys(HANDS).length, "summary-hands-replayed"));

    $("tbl-severities").appendChild(table([
      {label: "Severity", get: function (r) { return sevBadge(r.severity); }},
      {label: "Findings", num: true, get: function (r) { return int(r.count); }}
    ], s.severities || [], {label: "Findings by severity",
      rowAttrs: function (r) { return {"data-testid": "severity-row", "data-severity": r.severity}; }}));
    $("tbl-rooms").appendChild(table([
      {label: "Room", get: function (r) { return r.name; }},
      {label: "Hands read", num: true, get: function (r) { return int(r.hands); }}
    ], s.rooms || [], {label: "Rooms"}));
    $("tbl-profiles").appendChild(table([
      {label: "Rule profile", get: function (r) { return r.name; }},
      {label: "Hands", num: true, get: function (r) { return int(r.hands); }}
    ], s.profiles || [], {label: "Rule profiles"}));

    $("tbl-codes").appendChild(table([
      {label: "Code", get: function (r) {
        return el("details", {class: "code-rule"}, [
          el("summary", {title: r.rule}, [el("code", {text: r.code})]),
          el("p", {class: "rule-text", "data-testid": "code-rule", text: r.rule})
        ]);
      }},
      {label: "Severity", get: function (r) { return sevBadge(r.severity); }},
      {label: "Findings", num: true, get: function (r) { return int(r.count); }},
      {label: "What it means", get: function (r) { return r.summary; }}
    ], s.codes || [], {label: "Findings by code",
      rowAttrs: function (r) { return {"data-testid": "code-row", "data-code": r.code}; }}));

    var charts = $("charts");
    [["codes", "Findings by code"], ["rooms", "Findings by room"], ["days", "Findings over time"]]
      .forEach(function (pair) {
        var svg = (DATA.charts || {})[pair[0]];
        if (!svg) return;
        var box = el("div", {class: "chart-svg"});
        box.innerHTML = svg;  // made by the report builder (matplotlib), inserted as given
        var root = box.querySelector("svg");
        if (root) { root.setAttribute("role", "img"); root.setAttribute("aria-label", pair[1]); }
        charts.appendChild(el("figure", {class: "chart", "data-testid": "chart-" + pair[0]},
                              [box, el("figcaption", {text: pair[1]})]));
      });
    if (!charts.firstChild) charts.appendChild(el("p", {class: "muted", text: "No charts in this report."}));

    var nameCount = function (label) {
      return [{label: label, get: function (r) { return r.name; }},
              {label: "Findings", num: true, get: function (r) { return int(r.count); }}];
    };
    $("tbl-by-room").appendChild(table(nameCount("Room"), s.by_room || [], {compact: true, label: "Findings by room"}));
    $("tbl-by-table").appendChild(table(nameCount("Table"), s.by_table || [], {compact: true, label: "Findings by table"}));
    $("tbl-by-day").appendChild(table([
      {label: "Day", get: function (r) { return r.day; }},
      {label: "Findings", num: true, get: function (r) { return int(r.count); }}
    ], s.by_day || [], {compact: true, label: "Findings by day"}));
    $("tbl-by-hour").appendChild(table([
      {label: "Hour", get: function (r) { return (r.hour < 10 ? "0" : "") + r.hour + ":00"; }},
      {label: "Findings", num: true, get: function (r) { return int(r.count); }}
    ], s.by_hour || [], {compact: true, label: "Findings by hour"}));

    $("footer").textContent = "omaha-auditor " + (DATA.auditor_version || "") +
      " \u00b7 a self-contained report: it makes no network request.";
  }

  // ------------------------------------------------------------------ findings table
  function findingStep(f) {
    var hand = HANDS[String(f.hand_key)];
    if (!hand || !hand.findings || !hand.findings.length) return 0;
    var loose = null;
    for (var i = 0; i < hand.findings.length; i++) {
      var g = hand.findings[i];
      if (g.code !== f.code) continue;
      if (g.seq === f.seq && g.player === f.player && g.street === f.street) {
        if (g.message === f.message && (g.source_line || null) === (f.source_line || null)) return g.step;
        if (loose === null) loose = g.step;
      } else if (loose === null && g.seq === f.seq) {
        loose = g.step;
      }
    }
    if (loose !== null) return loose;
    for (var j = 0; j < hand.findings.length; j++) {
      if (hand.findings[j].code === f.code) return hand.findings[j].step;
    }
    return hand.findings[0].step;
  }

  function handHref(key, step) { return "#hand=" + encodeURIComponent(key) + "&step=" + step; }

  function isReplayed(f) {
    return !!(f.replayed && f.hand_key !== null && f.hand_key !== undefined && HANDS[String(f.hand_key)]);
  }

  function setupFindings() {
    var codes = {};
    (SUMMARY.codes || []).forEach(function (c) { codes[c.code] = true; });
    FINDINGS.forEach(function (f) { codes[f.code] = true; });
    var codeSel = $("filter-code");
    Object.keys(codes).sort().forEach(function (c) { codeSel.appendChild(el("option", {value: c, text: c})); });
    var sevSel = $("filter-severity");
    SEVERITIES.forEach(function (s) { sevSel.appendChild(el("option", {value: s, text: s})); });
    var refilter = function () { state.page = 0; applyFilter(); };
    codeSel.addEventListener("change", refilter);
    sevSel.addEventListener("change", refilter);
    $("filter-text").addEventListener("input", refilter);
    $("findings-filters").addEventListener("submit", function (e) { e.preventDefault(); });
    $("page-prev").addEventListener("click", function () { state.page--; renderFindingsPage(); });
    $("page-next").addEventListener("click", function () { state.page++; renderFindingsPage(); });
    $("findings-body").addEventListener("click", function (e) {
      var target = e.target;
      if (target.closest("a")) return;  // the link does it
      var row = target.closest("tr[data-href]");
      if (row) location.hash = row.getAttribute("data-href");
    });

    var scope = clear($("findings-scope"));
    var handsHere = Object.keys(HANDS).length;
    scope.appendChild(el("span", null, [
      "This page holds ",
      el("b", {"data-testid": "findings-on-page", text: int(FINDINGS.length)}), " of ",
      el("b", {"data-testid": "findings-total", text: int(DATA.findings_total)}),
      " findings (worst first) and replays ",
      el("b", {"data-testid": "hands-on-page", text: int(handsHere)}), " of the ",
      el("b", {"data-testid": "hands-total", text: int(DATA.hands_total)}),
      " hands in the tables. Choose a row to replay its hand."
    ]));
    applyFilter();
  }

  function applyFilter() {
    var code = $("filter-code").value;
    var sev = $("filter-severity").value;
    var text = $("filter-text").value.trim().toLowerCase();
    if (!code && !sev && !text) { state.filtered = null; renderFindingsPage(); return; }
    if (text && !state.haystack) {
      state.haystack = FINDINGS.map(function (f) {
        return [f.room, f.table, f.hand_id, f.player, f.message, f.code, f.source_file, f.street]
          .join("\u0001").toLowerCase();
      });
    }
    var out = [];
    for (var i = 0; i < FINDINGS.length; i++) {
      var f = FINDINGS[i];
      if (code && f.code !== code) continue;
      if (sev && f.severity !== sev) continue;
      if (text && state.haystack[i].indexOf(text) < 0) continue;
      out.push(i);
    }
    state.filtered = out;
    renderFindingsPage();
  }

  function renderFindingsPage() {
    var total = state.filtered ? state.filtered.length : FINDINGS.length;
    var pages = Math.max(1, Math.ceil(total / PAGE_ROWS));
    state.page = Math.max(0, Math.min(state.page, pages - 1));
    var start = state.page * PAGE_ROWS;
    var end = Math.min(total, start + PAGE_ROWS);
    var body = clear($("findings-body"));
    var frag = document.createDocumentFragment();
    for (var r = start; r < end; r++) {
      var index = state.filtered ? state.filtered[r] : r;
      frag.appendChild(findingRow(FINDINGS[index], index));
    }
    body.appendChild(frag);
    if (!total) {
      body.appendChild(el("tr", null, [el("td", {colspan: 11, class: "muted", text: "No finding matches."})]));
    }
    $("page-info").textContent = total
      ? "Rows " + int(start + 1) + "\u2013" + int(end) + " of " + int(total) +
        (state.filtered ? " matching" : "") + " \u00b7 page " + (state.page + 1) + " of " + pages
      : "No rows";
    $("page-prev").disabled = state.page <= 0;
    $("page-next").disabled = state.page >= pages - 1;
  }

  function findingRow(f, index) {
    var replayed = isReplayed(f);
    var href = replayed ? handHref(f.hand_key, findingStep(f)) : null;
    var handCell = replayed
      ? el("a", {href: href, "data-testid": "finding-link",
                 "aria-label": "Replay hand " + f.hand_id + " at this finding", text: f.hand_id})
      : el("span", {title: "This hand is not replayed in the page", text: f.hand_id});
    var src = (f.source_file || "") + (f.source_line ? ":" + f.source_line : "");
    return el("tr", {"data-testid": "finding-row", "data-hand-key": f.hand_key === null ? "" : f.hand_key,
                     "data-code": f.code, "data-severity": f.severity, "data-index": index,
                     "data-href": href, class: replayed ? "clickable" : null}, [
      el("td", null, [sevBadge(f.severity)]),
      el("td", null, [el("code", {title: codeRule(f.code), text: f.code})]),
      el("td", null, [handCell]),
      el("td", {text: f.room}),
      el("td", {text: f.table}),
      el("td", {text: f.street || ""}),
      el("td", {text: f.player || ""}),
      el("td", {class: "mono", text: f.expected === null || f.expected === undefined ? "" : f.expected}),
      el("td", {class: "mono", text: f.recorded === null || f.recorded === undefined ? "" : f.recorded}),
      el("td", {class: "msg", text: f.message}),
      el("td", {class: "src", text: src})
    ]);
  }

  var RULES = null;
  function codeRule(code) {
    if (!RULES) {
      RULES = {};
      (SUMMARY.codes || []).forEach(function (c) { RULES[c.code] = c.rule; });
    }
    return RULES[code] || "";
  }

  // ------------------------------------------------------------------ hand order
  var HAND_ORDER = (function () {
    var seen = {};
    var order = [];
    FINDINGS.forEach(function (f) {
      var key = String(f.hand_key);
      if (f.hand_key !== null && f.hand_key !== undefined && HANDS[key] && !seen[key]) {
        seen[key] = true;
        order.push(key);
      }
    });
    Object.keys(HANDS).sort(function (a, b) { return Number(a) - Number(b); }).forEach(function (key) {
      if (!seen[key]) { seen[key] = true; order.push(key); }
    });
    return order;
  })();

  function setupHandSelect() {
    var sel = $("hand-select");
    var frag = document.createDocumentFragment();
    HAND_ORDER.forEach(function (key) {
      var h = HANDS[key];
      var codes = {};
      (h.findings || []).forEach(function (f) { codes[f.code] = true; });
      var label = h.hand_id + " \u00b7 " + (h.room || h.site || "") + " \u00b7 " + (h.variant || "") +
        (Object.keys(codes).length ? " \u00b7 " + Object.keys(codes).join(", ") : "");
      frag.appendChild(el("option", {value: key, text: label}));
    });
    sel.appendChild(frag);
    sel.addEventListener("change", function () { location.hash = handHref(sel.value, 0); });
    $("btn-prev-hand").addEventListener("click", function () { moveHand(-1); });
    $("btn-next-hand").addEventListener("click", function () { moveHand(1); });
    if (!HAND_ORDER.length) {
      $("replayer-empty").hidden = false;
      $("replayer-body").hidden = true;
    }
  }

  function moveHand(delta) {
    if (!HAND_ORDER.length) return;
    var at = HAND_ORDER.indexOf(state.handKey);
    var next = Math.max(0, Math.min(HAND_ORDER.length - 1, at + delta));
    if (next === at) return;
    location.hash = handHref(HAND_ORDER[next], 0);
  }

  // ------------------------------------------------------------------ replayer: build
  function holeCount(hand) {
    var m = /([4-7])/.exec(String(hand.variant || ""));
    return m ? Number(m[1]) : 4;
  }

  function blindMarks(hand) {
    var marks = {};
    (hand.steps || []).forEach(function (st) {
      if (st.kind !== "post" || !st.player) return;
      var what = String(st.action || "").toLowerCase();
      var mark = /small/.test(what) ? "SB" : /big/.test(what) ? "BB" : /straddle/.test(what) ? "STR" : null;
      if (mark) (marks[st.player] = marks[st.player] || []).push(mark);
    });
    return marks;
  }

  function buildHand(key) {
    var hand = HANDS[key];
    state.handKey = key;
    state.hand = hand;
    $("hand-select").value = key;
    var at = HAND_ORDER.indexOf(key);
    $("btn-prev-hand").disabled = at <= 0;
    $("btn-next-hand").disabled = at >= HAND_ORDER.length - 1;

    renderHandInfo(hand);

    // seats around the oval: seat 1 at the bottom, then clockwise as the seat numbers go
    var seats = clear($("seats"));
    var numbers = (hand.seats || []).map(function (s) { return s.seat; });
    var max = Math.max(hand.max_seats || 0, numbers.length ? Math.max.apply(null, numbers) : 0,
                       numbers.length, 2);
    var bySeat = {};
    (hand.seats || []).forEach(function (s) { bySeat[s.seat] = s; });
    var marks = blindMarks(hand);
    for (var n = 1; n <= max; n++) {
      var angle = Math.PI / 2 + (n - 1) * 2 * Math.PI / max;
      var cx = Math.cos(angle), cy = Math.sin(angle);
      var pos = "left:" + (50 + 50 * cx).toFixed(2) + "%;top:" + (50 + 50 * cy).toFixed(2) +
        "%;--ux:" + (-cx).toFixed(3) + ";--uy:" + (-cy).toFixed(3);
      var s = bySeat[n];
      if (!s) {
        seats.appendChild(el("li", {class: "seat seat-empty", style: pos, "aria-hidden": "true"},
                             [el("span", {text: String(n)})]));
        continue;
      }
      var badges = el("span", {class: "badges"});
      (marks[s.player] || []).forEach(function (m) {
        badges.appendChild(el("span", {class: "badge blind", title: m === "SB" ? "small blind" : m === "BB" ? "big blind" : "straddle", text: m}));
      });
      if (hand.button_seat === n) {
        badges.appendChild(el("span", {class: "dealer", "data-testid": "button", "data-seat": n,
                                       title: "dealer button", "aria-label": "dealer button", text: "D"}));
      }
      badges.appendChild(el("span", {class: "badge state", "data-role": "state"}));
      seats.appendChild(el("li", {class: "seat", style: pos, "data-testid": "seat-" + n, "data-seat": n,
                                  "data-player": s.player, "aria-label": "Seat " + n + ": " + s.player}, [
        el("div", {class: "seat-cards", "data-testid": "seat-cards-" + n}),
        el("div", {class: "plate"}, [
          el("span", {class: "seat-no", text: String(n)}),
          el("span", {class: "name", title: s.player, text: s.player}),
          el("span", {class: "stack", "data-testid": "seat-stack-" + n}),
          badges
        ]),
        el("div", {class: "bet", "data-testid": "seat-bet-" + n})
      ]));
    }

    var log = clear($("action-log"));
    (hand.steps || []).forEach(function (st, i) {
      var flagged = st.findings && st.findings.length;
      var cls = "log-line kind-" + st.kind + (flagged ? " flagged" : "");
      log.appendChild(el("li", {class: st.kind === "street" ? "log-street" : null}, [
        el("button", {type: "button", class: cls, "data-step": i, "data-testid": "log-line",
                      onclick: function () { goStep(i); }}, [
          el("span", {class: "log-no", text: String(i)}),
          el("span", {class: "log-text", text: st.text || st.kind}),
          flagged ? el("span", {class: "flag", title: "finding", "aria-label": "has a finding", text: "\u2691"}) : null
        ])
      ]));
    });

    var hf = clear($("hand-findings"));
    hf.appendChild(el("h3", {text: "Findings in this hand (" + (hand.findings || []).length + ")"}));
    var list = el("ul", {class: "hand-findings-list"});
    (hand.findings || []).forEach(function (f) {
      list.appendChild(el("li", null, [
        sevBadge(f.severity), " ", el("code", {text: f.code}), " ",
        el("button", {type: "button", class: "link", "data-testid": "hand-finding-go", "data-step": f.step,
                      onclick: function () { goStep(f.step); }, text: "step " + f.step}),
        el("span", {class: "muted", text: " \u2014 " + f.message})
      ]));
    });
    if (!(hand.findings || []).length) list.appendChild(el("li", {class: "muted", text: "none"}));
    hf.appendChild(list);

    var count = (hand.steps || []).length;
    $("step-slider").max = String(Math.max(0, count - 1));
    $("step-count").textContent = String(count);
    $("step-last").textContent = String(Math.max(0, count - 1));
  }

  function renderHandInfo(hand) {
    var info = clear($("hand-info"));
    var stakes = money(hand.small_blind, hand) + " / " + money(hand.big_blind, hand);
    var game = (hand.variant || "") + (hand.hi_lo ? " hi/lo" : "") + " \u00b7 " + (hand.limit || "");
    var items = [
      ["Hand", hand.hand_id, "hand-id"], ["Room", hand.room + (hand.site && hand.site !== hand.room ? " (" + hand.site + ")" : ""), null],
      ["Game", game, "hand-game"], ["Stakes", stakes, "hand-stakes"],
      ["Table", (hand.table_name || "") + (hand.max_seats ? " (" + hand.max_seats + "-max)" : ""), null],
      ["Started", hand.started_at || "unknown", null], ["Rule profile", hand.profile, null],
      ["Boards", String(hand.boards || 1), null],
      ["Source", (hand.source_file || "") + ":" + (hand.source_line || ""), "hand-source"]
    ];
    var dl = el("dl", {class: "facts"});
    items.forEach(function (it) {
      dl.appendChild(el("div", null, [el("dt", {text: it[0]}), el("dd", {"data-testid": it[2], text: it[1]})]));
    });
    info.appendChild(dl);
  }

  // ------------------------------------------------------------------ replayer: one step
  function goStep(i) {
    var hand = state.hand;
    if (!hand) return;
    var steps = hand.steps || [];
    if (!steps.length) return;
    i = Math.max(0, Math.min(steps.length - 1, Number(i) || 0));
    state.step = i;
    var st = steps[i];
    renderSeats(hand, st);
    renderBoards(hand, st);
    renderPots(hand, st, i === steps.length - 1 || st.kind === "end");
    renderDecision(hand, st);
    renderFindingHighlight(hand, st);
    renderLogCursor(i);
    $("step-slider").value = String(i);
    $("step-slider").setAttribute("aria-valuetext", "step " + i + ": " + (st.text || st.kind));
    $("step-index").textContent = String(i);
    if (i >= steps.length - 1) stopPlay();
    if (state.view === "replayer") {
      var hash = handHref(state.handKey, i);
      if (location.hash !== hash) history.replaceState(null, "", hash);
    }
  }

  /* The players all-in at a step: the step's list (assets/README.md names it "all_in", as it
   * does the action's flag; "all_in_players" if the builder renames it), else who has
   * nothing behind and has not folded. */
  function allInPlayers(hand, st) {
    if (Array.isArray(st.all_in_players)) return st.all_in_players;
    if (Array.isArray(st.all_in)) return st.all_in;
    var folded = st.folded || [], stacks = st.stacks || {};
    return (hand.seats || []).map(function (s) { return s.player; }).filter(function (p) {
      return stacks[p] === 0 && folded.indexOf(p) < 0;
    });
  }

  function renderSeats(hand, st) {
    var stacks = st.stacks || {}, bets = st.bets || {}, shown = st.shown || {};
    var folded = {}, allIn = {};
    (st.folded || []).forEach(function (p) { folded[p] = true; });
    allInPlayers(hand, st).forEach(function (p) { allIn[p] = true; });
    var flaggedPlayers = {};
    (st.findings || []).forEach(function (k) {
      var f = (hand.findings || [])[k];
      if (f && f.player) flaggedPlayers[f.player] = true;
    });
    var backs = holeCount(hand);
    (hand.seats || []).forEach(function (s) {
      var node = document.querySelector('[data-testid="seat-' + s.seat + '"]');
      if (!node) return;
      var p = s.player;
      var stack = Object.prototype.hasOwnProperty.call(stacks, p) ? stacks[p] : s.stack;
      var stackNode = node.querySelector(".stack");
      stackNode.textContent = money(stack, hand);
      stackNode.setAttribute("data-amount", stack);
      var bet = bets[p] || 0;
      var betNode = node.querySelector(".bet");
      betNode.textContent = bet ? money(bet, hand) : "";
      betNode.setAttribute("data-amount", bet);
      betNode.classList.toggle("none", !bet);
      var cards = clear(node.querySelector(".seat-cards"));
      var visible = shown[p] && shown[p].length ? shown[p] : state.showCards ? s.hole_cards || [] : [];
      if (visible.length) visible.forEach(function (c) { cards.appendChild(card(c)); });
      else if (s.dealt_in) {
        var n = (s.hole_cards || []).length || backs;
        for (var k = 0; k < n; k++) cards.appendChild(cardBack());
      }
      cards.classList.toggle("shown", !!(shown[p] && shown[p].length));
      node.classList.toggle("folded", !!folded[p]);
      node.classList.toggle("all-in", !!allIn[p]);
      node.classList.toggle("out", !s.dealt_in);
      node.classList.toggle("acting", st.player === p && (st.kind === "action" || st.kind === "post"));
      node.classList.toggle("to-act", st.to_act === p);
      node.classList.toggle("has-finding", !!flaggedPlayers[p]);
      var label = folded[p] ? "folded" : allIn[p] ? "all-in" : !s.dealt_in ? "sitting out" : "";
      var stateNode = node.querySelector('[data-role="state"]');
      stateNode.textContent = label;
      stateNode.hidden = !label;
      node.setAttribute("aria-label", "Seat " + s.seat + ": " + p + ", stack " + money(stack, hand) +
        (bet ? ", bet " + money(bet, hand) : "") + (label ? ", " + label : ""));
    });
  }

  function renderBoards(hand, st) {
    var boards = clear($("boards"));
    var dealt = st.board || [];
    var count = Math.max(hand.boards || 1, dealt.length, 1);
    for (var b = 0; b < count; b++) {
      var row = el("div", {class: "board", "data-testid": "board-" + (b + 1),
                           "aria-label": "Board " + (b + 1)});
      if (count > 1) row.appendChild(el("span", {class: "board-label", text: "Board " + (b + 1)}));
      var cards = dealt[b] || [];
      for (var c = 0; c < 5; c++) row.appendChild(c < cards.length ? card(cards[c]) : cardSlot());
      for (var extra = 5; extra < cards.length; extra++) row.appendChild(card(cards[extra]));
      boards.appendChild(row);
    }
  }

  function renderPots(hand, st, atEnd) {
    var panel = clear($("pot-panel"));
    var inFront = 0;
    var bets = st.bets || {};
    for (var p in bets) if (Object.prototype.hasOwnProperty.call(bets, p)) inFront += bets[p];
    var total = (st.pot || 0) + inFront;
    panel.appendChild(el("div", {class: "pot-total"}, [
      el("span", {class: "pot-label", text: "Pot"}),
      el("b", {"data-testid": "pot-total", "data-amount": total, text: money(total, hand)})
    ]));
    if (inFront) {
      panel.appendChild(el("div", {class: "pot-sub muted"}, [
        "in the middle ", el("span", {"data-testid": "pot-middle", text: money(st.pot || 0, hand)}),
        " + bets " + money(inFront, hand)
      ]));
    }
    var pots = st.pots || [];
    if (pots.length) {
      var list = el("ul", {class: "pots"});
      pots.forEach(function (pot, k) {
        list.appendChild(el("li", {"data-testid": "pot-" + k, "data-amount": pot.amount}, [
          el("span", {class: "pot-name", text: k === 0 ? "Main pot" : "Side pot " + k}),
          el("b", {class: "pot-amount", text: money(pot.amount, hand)}),
          el("span", {class: "eligible", text: (pot.eligible || []).join(", ")})
        ]));
      });
      panel.appendChild(list);
    }
    if (atEnd) {
      var res = el("div", {class: "result", "data-testid": "result"});
      res.appendChild(el("div", {class: "rake"}, ["Rake ",
        el("b", {"data-testid": "rake", text: money(hand.rake || 0, hand)}),
        hand.fees ? " \u00b7 fees " + money(hand.fees, hand) : ""]));
      var awards = el("ul", {class: "awards", "data-testid": "awards"});
      (hand.awards || []).forEach(function (a) {
        var amount = a.recorded !== null && a.recorded !== undefined ? a.recorded : a.expected;
        var differs = a.expected !== null && a.expected !== undefined && a.recorded !== null &&
          a.recorded !== undefined && a.expected !== a.recorded;
        var attrs = {class: differs ? "differs" : null, "data-half": a.half || ""};
        if (a.half === "cash_out") {
          // the room's money, paid outside the pot (pot_index -1: no pot paid it)
          awards.appendChild(el("li", attrs, [
            el("b", {text: a.player}), " cashed out for " + money(amount, hand) +
            (a.fee ? " (fee " + money(a.fee, hand) + ")" : "") + ", paid outside the pot"
          ]));
          return;
        }
        var pot = a.pot_index === 0 ? "main pot" : a.pot_index > 0 ? "side pot " + a.pot_index : "the pots";
        if (a.half === "not_awarded") {
          // won at the showdown, but the room kept it: no award happened
          awards.appendChild(el("li", attrs, [
            pot + " not awarded: ", el("b", {text: a.player}), " won " + money(amount, hand) +
            " at the showdown; the room kept it, as the winner had cashed out"
          ]));
          return;
        }
        awards.appendChild(el("li", attrs, [
          el("b", {text: a.player}), " " + money(amount, hand) + " \u2014 " + pot +
          ((hand.boards || 1) > 1 ? ", board " + a.board : "") + (hand.hi_lo && a.half ? ", " + a.half : "") +
          (differs ? " (expected " + money(a.expected, hand) + ")" : "")
        ]));
      });
      if ((hand.awards || []).length) res.appendChild(awards);
      panel.appendChild(res);
    }
  }

  var STREET_LABEL = {preflop: "Pre-flop", flop: "Flop", turn: "Turn", river: "River", showdown: "Showdown"};

  function renderDecision(hand, st) {
    var box = clear($("decision"));
    var isAction = st.kind === "action";
    box.appendChild(el("div", {class: "decision-head"}, [
      el("span", {class: "street-tag", "data-testid": "street", text: STREET_LABEL[st.street] || st.street || ""}),
      el("span", {class: "kind muted", text: st.kind})
    ]));
    box.appendChild(el("p", {class: "step-text", "data-testid": "step-text", text: st.text || ""}));
    var range = "\u2014", legalLabel = "Legal bet / raise to";
    if (isAction && (st.min_legal !== null && st.min_legal !== undefined ||
                     st.max_legal !== null && st.max_legal !== undefined)) {
      if (st.action === "call") {
        // the replay's legal amount at a call is the call itself, no bet or raise range
        legalLabel = "Legal call";
        range = "call " + money(st.min_legal !== null && st.min_legal !== undefined ? st.min_legal : st.max_legal, hand);
      } else if (st.min_legal === st.max_legal) {
        range = money(st.min_legal, hand);  // one legal total (fixed limit, an all-in)
      } else {
        range = money(st.min_legal, hand) + ".." + money(st.max_legal, hand);
      }
    }
    var dl = el("dl", {class: "facts decision-facts"}, [
      el("div", null, [el("dt", {text: "To call"}),
        el("dd", {"data-testid": "to-call", text: isAction ? money(st.to_call, hand) : "\u2014"})]),
      el("div", null, [el("dt", {"data-testid": "legal-label", text: legalLabel}),
        el("dd", {"data-testid": "legal-range", text: range})]),
      el("div", null, [el("dt", {text: "Pot before"}),
        el("dd", {"data-testid": "pot-before", text: isAction ? money(st.pot_before, hand) : "\u2014"})]),
      el("div", null, [el("dt", {text: "Next to act"}), el("dd", {"data-testid": "to-act", text: st.to_act || "\u2014"})])
    ]);
    box.appendChild(dl);
  }

  function renderFindingHighlight(hand, st) {
    var box = clear($("finding-highlight"));
    var list = (st.findings || []).map(function (k) { return (hand.findings || [])[k]; })
      .filter(function (f) { return !!f; });
    box.hidden = !list.length;
    if (!list.length) return;
    box.appendChild(el("h3", {text: list.length === 1 ? "Finding at this step" : list.length + " findings at this step"}));
    list.forEach(function (f) {
      box.appendChild(el("article", {class: "finding sev-border-" + f.severity, "data-testid": "finding-item",
                                     "data-code": f.code}, [
        el("div", {class: "finding-head"}, [sevBadge(f.severity), " ",
          el("code", {class: "finding-code", "data-testid": "finding-code", text: f.code}),
          f.player ? el("span", {class: "muted", text: " \u00b7 " + f.player}) : null]),
        el("p", {class: "finding-message", "data-testid": "finding-message", text: f.message}),
        (f.expected !== null && f.expected !== undefined) || (f.recorded !== null && f.recorded !== undefined)
          ? el("dl", {class: "facts ev"}, [
              el("div", null, [el("dt", {text: "Expected"}), el("dd", {class: "mono", "data-testid": "finding-expected", text: f.expected === null || f.expected === undefined ? "\u2014" : f.expected})]),
              el("div", null, [el("dt", {text: "Recorded"}), el("dd", {class: "mono", "data-testid": "finding-recorded", text: f.recorded === null || f.recorded === undefined ? "\u2014" : f.recorded})])
            ])
          : null,
        el("blockquote", {class: "rule", "data-testid": "finding-rule"}, [
          el("span", {class: "rule-label", text: "Rule: "}), f.rule || codeRule(f.code)
        ]),
        f.source_line ? el("p", {class: "muted small", text: "source line " + f.source_line}) : null
      ]));
    });
  }

  function renderLogCursor(i) {
    var log = $("action-log");
    var prev = log.querySelector('[aria-current="step"]');
    if (prev) { prev.removeAttribute("aria-current"); prev.classList.remove("current"); }
    var line = log.querySelector('button[data-step="' + i + '"]');
    if (!line) return;
    line.setAttribute("aria-current", "step");
    line.classList.add("current");
    // centre the current line inside the log only (never scroll the page)
    var top = line.offsetTop;  // the log is the line's offset parent (position: relative)
    log.scrollTop = Math.max(0, top - (log.clientHeight - line.offsetHeight) / 2);
  }

  // ------------------------------------------------------------------ play, keys
  function startPlay() {
    if (!state.hand || !(state.hand.steps || []).length) return;
    if (state.step >= state.hand.steps.length - 1) goStep(0);
    state.timer = setInterval(function () { goStep(state.step + 1); }, PLAY_MS);
    setPlayButton(true);
  }

  function stopPlay() {
    if (state.timer !== null) { clearInterval(state.timer); state.timer = null; }
    setPlayButton(false);
  }

  function setPlayButton(playing) {
    var b = $("btn-play");
    b.setAttribute("aria-pressed", playing ? "true" : "false");
    b.setAttribute("aria-label", playing ? "Pause (Space)" : "Play (Space)");
    b.querySelector(".icon-play").hidden = playing;
    b.querySelector(".icon-pause").hidden = !playing;
  }

  function togglePlay() { if (state.timer !== null) stopPlay(); else startPlay(); }

  function jumpStreet(n) {
    var steps = state.hand ? state.hand.steps || [] : [];
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].street === STREETS[n]) { goStep(i); return; }
    }
  }

  function setupControls() {
    $("btn-start").addEventListener("click", function () { stopPlay(); goStep(0); });
    $("btn-back").addEventListener("click", function () { stopPlay(); goStep(state.step - 1); });
    $("btn-next").addEventListener("click", function () { stopPlay(); goStep(state.step + 1); });
    $("btn-end").addEventListener("click", function () { stopPlay(); goStep(Infinity); });
    $("btn-play").addEventListener("click", togglePlay);
    $("step-slider").addEventListener("input", function () { stopPlay(); goStep(Number($("step-slider").value)); });
    $("toggle-cards").addEventListener("click", function () {
      state.showCards = !state.showCards;
      $("toggle-cards").setAttribute("aria-pressed", String(state.showCards));
      $("toggle-cards").textContent = state.showCards ? "Hide unshown cards" : "Show all cards";
      goStep(state.step);
    });
    $("toggle-bb").addEventListener("click", function () {
      state.bb = !state.bb;
      $("toggle-bb").setAttribute("aria-pressed", String(state.bb));
      $("toggle-bb").textContent = state.bb ? "Amounts in currency" : "Amounts in big blinds";
      if (state.hand) { renderHandInfo(state.hand); goStep(state.step); }
    });
    document.addEventListener("keydown", onKey);
  }

  function onKey(e) {
    if (state.view !== "replayer" || !state.hand) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target;
    var tag = t && t.tagName ? t.tagName.toLowerCase() : "";
    if (tag === "select" || tag === "textarea" || (tag === "input" && t.type !== "range")) return;
    var onControl = tag === "button" || tag === "a" || tag === "summary";
    var k = e.key;
    if (tag === "input" && (k === "ArrowLeft" || k === "ArrowRight" || k === "Home" || k === "End")) return;
    var handled = true;
    if (k === "ArrowRight") { stopPlay(); goStep(state.step + 1); }
    else if (k === "ArrowLeft") { stopPlay(); goStep(state.step - 1); }
    else if (k === "ArrowUp") { stopPlay(); moveHand(-1); }
    else if (k === "ArrowDown") { stopPlay(); moveHand(1); }
    else if (k === "Home") { stopPlay(); goStep(0); }
    else if (k === "End") { stopPlay(); goStep(Infinity); }
    else if ((k === " " || k === "Spacebar") && !onControl) { togglePlay(); }
    else if (/^[1-5]$/.test(k)) { stopPlay(); jumpStreet(Number(k) - 1); }
    else handled = false;
    if (handled) e.preventDefault();
  }

  // ------------------------------------------------------------------ routing
  function parseHash() {
    var out = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var eq = part.indexOf("=");
      if (eq > 0) out[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1));
      else if (part) out[part] = true;
    });
    return out;
  }

  function showView(view) {
    state.view = view;
    $("view-summary").hidden = view !== "summary";
    $("view-replayer").hidden = view !== "replayer";
    $("tab-summary").setAttribute("aria-current", view === "summary" ? "page" : "false");
    $("tab-replayer").setAttribute("aria-current", view === "replayer" ? "page" : "false");
    if (view !== "replayer") stopPlay();
  }

  function route() {
    var h = parseHash();
    if (h.hand !== undefined || h.replayer) {
      var key = h.hand !== undefined && HANDS[h.hand] ? String(h.hand) : state.handKey || HAND_ORDER[0];
      var wasView = state.view;
      showView("replayer");
      if (!key) return;
      if (key !== state.handKey) { stopPlay(); buildHand(key); }
      goStep(h.step !== undefined ? Number(h.step) : h.hand !== undefined ? 0 : state.step);
      if (wasView !== "replayer") window.scrollTo(0, 0);
      return;
    }
    showView("summary");
    if (h.findings) { var f = $("findings"); if (f) f.scrollIntoView(); }
  }

  $("tab-replayer").addEventListener("click", function (e) {
    if (state.handKey) { e.preventDefault(); location.hash = handHref(state.handKey, state.step); }
  });

  renderSummary();
  setupFindings();
  setupHandSelect();
  setupControls();
  window.addEventListener("hashchange", route);
  route();
  // when the page was ready, in ms from the start of its navigation (the tests read it)
  document.documentElement.setAttribute("data-ready-ms", String(Math.round(performance.now())));
  document.documentElement.setAttribute("data-ready", "true");
})();
