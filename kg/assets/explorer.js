// papers-kg explorer: search, filters, neighbourhood highlight and an evidence panel over vis-network.
// Every piece of text from the graph goes into the page with textContent, never as markup.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var settings = JSON.parse(document.getElementById("kg-settings").textContent);
  var styles = settings.styles;
  var byId = {};
  data.nodes.forEach(function (n) { byId[n.id] = n; });
  var visibleTypes = {};
  Object.keys(styles).forEach(function (t) { visibleTypes[t] = t !== "Paper" || settings.showPapers; });
  var relations = {};
  data.edges.forEach(function (e) { relations[e.relation] = true; });
  var visibleRelations = {};
  Object.keys(relations).sort().forEach(function (r) { visibleRelations[r] = true; });

  function el(tag, text, cls) {
    var x = document.createElement(tag);
    if (text !== undefined && text !== null) x.textContent = text;
    if (cls) x.className = cls;
    return x;
  }

  function tooltip(n) {
    var box = el("div", null, "tip");
    box.appendChild(el("div", n.label + " (" + n.type + ")"));
    if (n.aliases.length) box.appendChild(el("div", "aliases: " + n.aliases.join(", ")));
    if (n.family) box.appendChild(el("div", "family: " + n.family));
    box.appendChild(el("div", "digests: " + n.digests.join(", ")));
    return box;
  }

  var nodes = new vis.DataSet(data.nodes.map(function (n) {
    var s = styles[n.type] || {};
    return {id: n.id, label: n.label, title: tooltip(n), x: n.x, y: n.y, shape: s.shape, color: s.color,
            size: 7 + 3 * Math.min(n.digests.length, 10), font: {size: 12}, opacity: 1};
  }));
  var edges = new vis.DataSet(data.edges.map(function (e, i) {
    return {id: i, from: e.from, to: e.to, label: e.relation, relation: e.relation, arrows: "to",
            font: {size: 9, align: "middle", color: "#52606d"}, color: {color: "#9aa5b1", opacity: 0.7}};
  }));
  var nodeView = new vis.DataView(nodes, {filter: function (n) { return visibleTypes[byId[n.id].type]; }});
  var edgeView = new vis.DataView(edges, {filter: function (e) { return visibleRelations[e.relation]; }});
  var network = new vis.Network(document.getElementById("graph"), {nodes: nodeView, edges: edgeView}, {
    physics: false,
    interaction: {hover: true, tooltipDelay: 150, hideEdgesOnDrag: true, hideEdgesOnZoom: data.edges.length > 2000},
    edges: {smooth: false},
    nodes: {borderWidth: 1}
  });

  // ------------------------------------------------------------ filters
  var typeBox = document.getElementById("types");
  Object.keys(styles).forEach(function (type) {
    var label = el("label"), box = el("input"), swatch = el("span", null, "swatch");
    box.type = "checkbox"; box.checked = visibleTypes[type]; box.setAttribute("data-type", type);
    swatch.style.background = styles[type].color;
    box.addEventListener("change", function () { setTypeVisible(type, box.checked); });
    label.appendChild(box); label.appendChild(swatch); label.appendChild(document.createTextNode(type));
    typeBox.appendChild(label);
  });
  var relationBox = document.getElementById("relations");
  Object.keys(visibleRelations).forEach(function (relation) {
    var label = el("label"), box = el("input");
    box.type = "checkbox"; box.checked = true; box.setAttribute("data-relation", relation);
    box.addEventListener("change", function () { visibleRelations[relation] = box.checked; edgeView.refresh(); updateCounts(); });
    label.appendChild(box); label.appendChild(document.createTextNode(" " + relation));
    relationBox.appendChild(label);
  });
  function setTypeVisible(type, on) {
    visibleTypes[type] = on;
    var box = typeBox.querySelector('input[data-type="' + type + '"]');
    if (box) box.checked = on;
    nodeView.refresh();
    updateCounts();
  }
  function updateCounts() {
    document.getElementById("counts").textContent = nodeView.length + " nodes · " + edgeView.getIds().filter(function (id) {
      var e = edges.get(id); return visibleTypes[byId[e.from].type] && visibleTypes[byId[e.to].type];
    }).length + " edges";
  }

  // ------------------------------------------------------------ highlight and panel
  var highlighted = false;
  function highlight(id) {
    var keep = {};
    keep[id] = true;
    network.getConnectedNodes(id).forEach(function (n) { keep[n] = true; });
    nodes.update(data.nodes.map(function (n) { return {id: n.id, opacity: keep[n.id] ? 1 : 0.15}; }));
    edges.update(data.edges.map(function (e, i) {
      var near = e.from === id || e.to === id;
      return {id: i, color: {color: near ? "#52606d" : "#d9dde2", opacity: near ? 1 : 0.25}, font: {size: near ? 11 : 0}};
    }));
    highlighted = true;
  }
  function clearHighlight() {
    if (!highlighted) return;
    nodes.update(data.nodes.map(function (n) { return {id: n.id, opacity: 1}; }));
    edges.update(data.edges.map(function (e, i) { return {id: i, color: {color: "#9aa5b1", opacity: 0.7}, font: {size: 9}}; }));
    highlighted = false;
  }
  var panel = document.getElementById("panel");
  function showPanel(id) {
    var n = byId[id];
    document.getElementById("panel-title").textContent = n.label;
    var body = document.getElementById("panel-body");
    body.textContent = "";
    body.appendChild(el("div", n.type, "type"));
    var facts = el("dl");
    function fact(name, value) { if (value) { facts.appendChild(el("dt", name)); facts.appendChild(el("dd", value)); } }
    fact("aliases", n.aliases.join(", "));
    fact("family", n.family);
    fact(n.type === "Paper" ? "described in" : "mentioned in", n.digests.join(", "));
    body.appendChild(facts);
    resultsTable(body, id);
    var mine = data.edges.filter(function (e) { return e.from === id || e.to === id; });
    body.appendChild(el("dt", mine.length + " relations"));
    mine.forEach(function (e) {
      var box = el("div", null, "relation"), line = el("div");
      var other = byId[e.from === id ? e.to : e.from];
      var link = el("a", other.label);
      link.addEventListener("click", function () { select(other.id); });
      if (e.from === id) { line.appendChild(el("span", e.relation + " → ")); line.appendChild(link); }
      else { line.appendChild(link); line.appendChild(el("span", " → " + e.relation)); }
      box.appendChild(line);
      e.evidence.forEach(function (ev) {
        var quote = el("blockquote", ev.sentence, "evidence");
        quote.appendChild(el("div", ev.digest, "digest"));
        box.appendChild(quote);
      });
      body.appendChild(box);
    });
    panel.hidden = false;
  }
  // A benchmark's reported results (and its editions'), best first, as a table; text only via textContent.
  function resultsTable(body, id) {
    var rows = (data.results || {})[String(id)];
    if (!rows || !rows.length) return;
    body.appendChild(el("dt", rows.length + " reported results"));
    var table = el("table", null, "results"), head = el("tr");
    ["#", "system", "score", "metric", "setting", "paper"].forEach(function (h) { head.appendChild(el("th", h)); });
    table.appendChild(head);
    rows.forEach(function (r, i) {
      var tr = el("tr");
      var score = r.value + (r.unit === "%" ? "%" : " " + r.unit);
      var paper = r.paper + (r.digests.length ? " (" + r.digests.join(", ") + ")" : "");
      var edition = r.benchmark !== n(id).label ? " on " + r.benchmark : "";
      [String(i + 1), r.system, score, r.metric + edition, r.setting, paper].forEach(function (v) { tr.appendChild(el("td", v)); });
      table.appendChild(tr);
    });
    body.appendChild(table);
  }
  function n(id) { return byId[id]; }
  function select(id) {
    if (!visibleTypes[byId[id].type]) setTypeVisible(byId[id].type, true);
    network.selectNodes([id]);
    network.focus(id, {scale: Math.max(network.getScale(), 1.2), animation: false});
    highlight(id);
    showPanel(id);
  }
  network.on("click", function (params) {
    if (params.nodes.length) select(params.nodes[0]);
    else { clearHighlight(); panel.hidden = true; }
  });
  document.getElementById("close").addEventListener("click", function () { panel.hidden = true; clearHighlight(); network.unselectAll(); });

  // ------------------------------------------------------------ search
  var search = document.getElementById("search"), status = document.getElementById("search-status");
  function find(query) {
    var q = query.trim().toLowerCase();
    if (!q) return null;
    var best = null, bestRank = 9;
    data.nodes.forEach(function (n) {
      [n.label].concat(n.aliases).forEach(function (name) {
        var s = name.toLowerCase();
        var rank = s === q ? 0 : s.indexOf(q) === 0 ? 1 : s.indexOf(q) >= 0 ? 2 : 9;
        if (rank < bestRank || (rank === bestRank && best && n.digests.length > best.digests.length)) { best = n; bestRank = rank; }
      });
    });
    return bestRank < 9 ? best : null;
  }
  function runSearch() {
    var hit = find(search.value);
    status.textContent = hit ? hit.label : (search.value.trim() ? "no match" : "");
    if (hit) select(hit.id);
    return hit ? hit.id : null;
  }
  search.addEventListener("keydown", function (e) { if (e.key === "Enter") runSearch(); });

  updateCounts();
  if (settings.focus !== null && settings.focus !== undefined) select(settings.focus);
  window.kg = {
    network: network, nodes: nodes, edges: edges, data: data,
    search: function (q) { search.value = q; return runSearch(); },
    setTypeVisible: setTypeVisible,
    visibleNodeIds: function () { return nodeView.getIds(); }
  };
  window.kgNetwork = network;
  network.once("afterDrawing", function () { document.body.setAttribute("data-rendered", "true"); });
})();
