// papers-kg explorer over vis-network: an entity map that reads at first sight (the most important
// entities labelled, communities named, unlinked entities listed instead of drawn), lists beside it,
// search over names and aliases, a week range, and a panel of sections (evidence, lineage, family).
// Every piece of text from the graph goes into the page with textContent, never as markup.
(function (explore) {
  "use strict";
  // The graph's JSON travels deflated and base64-encoded (kg/html.py): the browser's HTML parser spends about
  // 0.1 s per megabyte of page, and a year of digests is megabytes of evidence sentences that deflate 8 to 1.
  // Inflated by the browser's own DecompressionStream; a Response made from a stream fetches nothing.
  // Decoded natively where the browser can (Uint8Array.fromBase64); atob's string copied byte by byte otherwise,
  // which was a tenth of the page's own start at 122 weeks.
  var base64 = document.getElementById("kg-data").textContent.trim(), bytes;
  if (typeof Uint8Array.fromBase64 === "function") bytes = Uint8Array.fromBase64(base64);
  else {
    var packed = atob(base64);
    bytes = new Uint8Array(packed.length);
    for (var i = 0; i < packed.length; i++) bytes[i] = packed.charCodeAt(i);
  }
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).text()
    .then(function (text) { explore(unfold(JSON.parse(text))); })
    .catch(function (error) { setTimeout(function () { throw error; }, 0); });  // reported as any page error
  // The data as kg/html.py's for_page wrote it, back in the form graph_data gives (what is said once, said again
  // where the page reads it; a node's digests are left to digestNames, which reads its weeks).
  function unfold(data) {
    var base = data.base || "", sentences = data.sentences || [], files = data.digests.map(function (d) { return d.file; });
    data.nodes.forEach(function (n) {
      if (n.iri.indexOf("://") < 0) n.iri = base + n.iri;
      if (!n.aliases) n.aliases = [];
      if (n.family === undefined) n.family = null;
    });
    data.edges.forEach(function (e) {
      e.evidence = (e.ev || []).map(function (p) { return {sentence: sentences[p[0]], digest: typeof p[1] === "number" ? files[p[1]] : p[1]}; });
      delete e.ev;
    });
    delete data.sentences; delete data.base;
    return data;
  }
})(function (data) {
  "use strict";
  var settings = JSON.parse(document.getElementById("kg-settings").textContent);
  var styles = settings.styles;
  var LABELS_WANTED = 45, LABEL_PX = 13, SMALL_LABEL_PX = 6.5, DRAW_THRESHOLD = 8, HIDDEN_FONT = 0.001;
  var byId = data.nodes;  // ids are positions
  var palette = ["#e07a5f", "#3d85c6", "#81b29a", "#e9b949", "#8e6c8a", "#5fa8d3", "#c06c84", "#6b9080", "#f4a259", "#7d8cc4"];
  var hulls = [];
  var digests = data.digests;
  var hiddenTypes = {};
  (settings.hiddenTypes || []).forEach(function (t) { hiddenTypes[t] = true; });

  // ------------------------------------------------------------ indexes
  var relationsOf = {}, coocOf = {}, papersOf = {};
  data.nodes.forEach(function (n) { relationsOf[n.id] = []; coocOf[n.id] = []; });
  data.edges.forEach(function (e, i) {
    relationsOf[e.from].push(i); relationsOf[e.to].push(i);
    if (byId[e.from].type === "Paper") (papersOf[e.to] = papersOf[e.to] || []).push(e.from);
  });
  data.cooc.forEach(function (c, i) { coocOf[c[0]].push(i); coocOf[c[1]].push(i); });
  var firstWeek = data.nodes.map(function (n) { return n.w.length ? n.w[0] : -1; });

  var state = {
    types: {}, relations: {}, lo: 0, hi: Math.max(digests.length - 1, 0),
    shownNodes: {}, shownEdges: {}, shownCooc: {}, unlinked: [], labelled: {}, highlight: null, selected: null
  };
  Object.keys(styles).forEach(function (t) { state.types[t] = !hiddenTypes[t] && (t !== "Paper" || settings.showPapers); });
  data.edges.forEach(function (e) { state.relations[e.relation] = true; });

  function el(tag, text, cls) {
    var x = document.createElement(tag);
    if (text !== undefined && text !== null) x.textContent = text;
    if (cls) x.className = cls;
    return x;
  }
  function weekName(i) {
    var d = digests[i];
    if (!d) return "";
    return d.date || d.week || d.file;
  }
  function inRange(weeks) {
    if (!weeks.length) return true;
    for (var i = 0; i < weeks.length; i++) if (weeks[i] >= state.lo && weeks[i] <= state.hi) return true;
    return false;
  }
  function countInRange(weeks) {
    var c = 0;
    for (var i = 0; i < weeks.length; i++) if (weeks[i] >= state.lo && weeks[i] <= state.hi) c++;
    return c;
  }
  function isNew(n) { return digests.length > 1 && firstWeek[n.id] === state.hi && state.hi > state.lo; }

  // ------------------------------------------------------------ visibility
  // A node is drawn when its type is on, it appears in the week range and at least one of its links is drawn:
  // entities without a link under the current filters go to a counted list instead of a grid of dots.
  function computeVisibility() {
    var candidate = {};
    data.nodes.forEach(function (n) { candidate[n.id] = state.types[n.type] && inRange(n.w); });
    var papersOn = state.types.Paper, linked = {};
    state.shownEdges = {}; state.shownCooc = {};
    data.edges.forEach(function (e, i) {
      if (state.relations[e.relation] && candidate[e.from] && candidate[e.to]) {
        state.shownEdges[i] = true; linked[e.from] = true; linked[e.to] = true;
      }
    });
    if (!papersOn) {
      data.cooc.forEach(function (c, i) {
        if (!candidate[c[0]] || !candidate[c[1]]) return;
        var live = c[2].some(function (p) { return inRange(byId[p].w); });
        if (live) { linked[c[0]] = true; linked[c[1]] = true; if (c[3]) state.shownCooc[i] = true; }
      });
    }
    state.shownNodes = {}; state.unlinked = []; state.shownCount = 0; dots = null;
    data.nodes.forEach(function (n) {
      if (!candidate[n.id]) return;
      if (linked[n.id]) { state.shownNodes[n.id] = true; state.shownCount++; }
      else state.unlinked.push(n.id);
    });
    state.unlinked.sort(function (a, b) { return byId[a].rank - byId[b].rank; });
  }

  // ------------------------------------------------------------ the network
  function nodeSize(n) {
    if (n.type === "Paper") return 6;
    return 5 + 12 * Math.max(0, 1 - Math.sqrt(n.rank / Math.max(1, data.nodes.length)));
  }
  // The scale that fits the drawn nodes, computed before the network exists, so every node is created with its
  // final label size (restyling thousands of nodes afterwards would cost seconds).
  var container = document.getElementById("graph");
  // The opening view frames the main connected part when it holds most of the map: the small islands packed
  // below it stay a scroll away instead of shrinking everything.
  function mainPart() {
    var parent = {};
    function root(a) { while (parent[a] !== a) { parent[a] = parent[parent[a]]; a = parent[a]; } return a; }
    var ids = Object.keys(state.shownNodes);
    ids.forEach(function (id) { parent[id] = id; });
    function join(a, b) { if (parent[a] !== undefined && parent[b] !== undefined) parent[root(String(a))] = root(String(b)); }
    Object.keys(state.shownEdges).forEach(function (i) { join(data.edges[i].from, data.edges[i].to); });
    Object.keys(state.shownCooc).forEach(function (i) { join(data.cooc[i][0], data.cooc[i][1]); });
    var size = {}, best = null;
    ids.forEach(function (id) { var r = root(id); size[r] = (size[r] || 0) + 1; if (best === null || size[r] > size[best]) best = r; });
    if (best === null || size[best] < ids.length * 0.6) return ids;
    return ids.filter(function (id) { return root(id) === best; });
  }
  function fitScale() {
    var ids = mainPart(), x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    ids.forEach(function (id) { var n = byId[id]; x0 = Math.min(x0, n.x); x1 = Math.max(x1, n.x); y0 = Math.min(y0, n.y); y1 = Math.max(y1, n.y); });
    if (!ids.length) return {scale: 1, x: 0, y: 0};
    var w = Math.max(container.clientWidth, 200), h = Math.max(container.clientHeight, 200);
    return {scale: Math.min(1.5, 0.92 * Math.min(w / (x1 - x0 + 60), h / (y1 - y0 + 60))), x: (x0 + x1) / 2, y: (y0 + y1) / 2,
            bounds: [x0, y0, x1, y1]};
  }
  computeVisibility();
  var view = fitScale(), baseScale = view.scale;
  computeHulls();
  chooseLabels(baseScale, view.bounds);
  // Level of detail. vis-network costs about a millisecond per item it holds (to create, and on every change of
  // its data), so it only ever holds drawn nodes and drawn links, and of the drawn nodes at most DETAIL per
  // view: the most important in the view first. Drawn nodes it does not hold yet are painted as plain dots
  // under the network (the overview of a big map: its shape, its groups' hulls and its labelled hubs), and
  // zooming or panning loads the ones in view.
  var DETAIL = settings.detail || 400;  // kg.html.DETAIL
  var lastStyle = {}, loaded = {}, edgeLoaded = {};
  function nodeItem(n, scale) {
    var item = styleOf(n, scale);
    lastStyle[n.id] = JSON.stringify(item);
    item.label = n.label; item.x = n.x; item.y = n.y; item.size = nodeSize(n);
    item.shape = n.type === "Paper" ? "square" : (styles[n.type] || {}).shape;
    return item;
  }
  var nearKeys = {};  // the highlighted node's drawn links (see highlight)
  function edgeItem(key) {
    var i = +key.slice(1), item;
    if (key[0] === "r") {
      var e = data.edges[i], direct = byId[e.from].type !== "Paper";
      item = {id: key, from: e.from, to: e.to, label: e.relation, arrows: "to", width: direct ? 1.6 : 0.6,
              font: {size: 0, align: "middle", color: "#52606d"}, color: {color: direct ? "#7b8794" : "#bcc3cb", opacity: 0.8}};
    } else {
      var c = data.cooc[i];
      item = {id: key, from: c[0], to: c[1], width: Math.min(1 + Math.log2(c[2].length) * 1.2, 5), color: {color: "#c3cad3", opacity: 0.55}};
    }
    // A link of the highlighted node is created darkened (see highlight), not created and then restyled.
    if (nearKeys[key]) { var look = nearLook(key); item.color = look.color; if (look.font) item.font.size = look.font.size; }
    return item;
  }
  function incident(id) {
    return relationsOf[id].map(function (i) { return "r" + i; }).concat(coocOf[id].map(function (i) { return "c" + i; }));
  }
  function ends(key) {
    var i = +key.slice(1);
    return key[0] === "r" ? [data.edges[i].from, data.edges[i].to] : [data.cooc[i][0], data.cooc[i][1]];
  }
  function edgeShown(key) { return key[0] === "r" ? !!state.shownEdges[+key.slice(1)] : !!state.shownCooc[+key.slice(1)]; }
  // A drawn link between loaded nodes that the network does not hold yet (see load's ``only``) is painted as a
  // line under the network, as the links of dots are, until the view's detail brings it (loadView).
  var skippedLinks = false;
  function addEdge(key, links, only) {
    var pair = ends(key);
    if (!edgeLoaded[key] && loaded[pair[0]] && loaded[pair[1]] && edgeShown(key)) {
      if (only && !only[key]) { skippedLinks = true; return; }
      edgeLoaded[key] = true; links.push(edgeItem(key));
    }
  }
  // Loads nodes into the network with their drawn links to loaded nodes (only those in ``only``, when given).
  function load(ids, only) {
    var scale = typeof network === "undefined" ? baseScale : network.getScale(), fresh = [], links = [];
    ids.forEach(function (id) { if (!loaded[id]) { loaded[id] = true; fresh.push(nodeItem(byId[id], scale)); } });
    if (fresh.length) dots = null;
    fresh.forEach(function (item) { incident(item.id).forEach(function (key) { addEdge(key, links, only); }); });
    if (fresh.length) nodes.add(fresh);
    if (links.length) edges.add(links);
    // vis-network draws a node only where its bounding box says it is, and a node added to a network that has
    // already drawn keeps an empty box at the origin until a redraw has passed over it: placed now, it is
    // drawn on the next frame instead of the one after (which may not come before the next request).
    if (typeof network !== "undefined") {
      var ctx = network.canvas.getContext();
      fresh.forEach(function (item) { var node = network.body.nodes[item.id]; if (node) node.updateBoundingBox(ctx); });
    }
  }
  // The drawn nodes in a box of the map (all of them without one), most important first.
  function shownIn(bounds) {
    return Object.keys(state.shownNodes).map(Number).filter(function (id) {
      var n = byId[id];
      return !bounds || (n.x >= bounds[0] && n.x <= bounds[2] && n.y >= bounds[1] && n.y <= bounds[3]);
    }).sort(function (a, b) { return byId[a].rank - byId[b].rank; });
  }
  function viewBounds() {
    if (typeof network === "undefined") return null;
    var w = container.clientWidth, h = container.clientHeight, margin = 40;
    var a = network.DOMtoCanvas({x: -margin, y: -margin}), b = network.DOMtoCanvas({x: w + margin, y: h + margin});
    return [a.x, a.y, b.x, b.y];
  }
  // Loads the most important drawn nodes in view (up to DETAIL of them, at most ``limit`` now) and the drawn links
  // among what is loaded.
  function loadView(limit) {
    var inView = shownIn(viewBounds()), wanted = inView.slice(0, DETAIL).filter(function (id) { return !loaded[id]; });
    if (limit) wanted = wanted.slice(0, limit);
    if (wanted.length) load(wanted);
    if (skippedLinks) { skippedLinks = false; loadShownLinks(); }
    countPending();
    return wanted.length;
  }
  function countPending() {
    state.pending = 0;
    Object.keys(state.shownNodes).forEach(function (id) { if (!loaded[id]) state.pending++; });
  }
  // rule lod.later: what a view needs to be usable (the labelled, the new, a selection's neighbourhood) is loaded
  // at once; the rest of its detail, painted as dots meanwhile, once the page has had no request for QUIET_MS,
  // in chunks of CHUNK nodes, a task each (a search, click or zoom meanwhile is answered first and loads its own
  // view). vis-network runs its code cold on its first items, several times slower than later, and this detail,
  // which a dot already shows at that zoom, was most of the time before the opening view and a search's panel.
  var QUIET_MS = settings.quiet === undefined ? 300 : settings.quiet, CHUNK = 100, waveTimer = null;  // kg.html.QUIET_MS
  function loadViewLater() {
    clearTimeout(waveTimer);
    waveTimer = setTimeout(function wave() {
      var added = batched(loadView, CHUNK);
      waveTimer = added ? setTimeout(wave, 0) : null;
      if (!added) document.body.setAttribute("data-complete", "true");  // the view holds all it will (see loadView)
    }, QUIET_MS);
  }
  // After a filter change: links now drawn between nodes already loaded, then the view.
  function loadShownLinks() {
    var links = [];
    Object.keys(state.shownEdges).forEach(function (i) { addEdge("r" + i, links); });
    Object.keys(state.shownCooc).forEach(function (i) { addEdge("c" + i, links); });
    if (links.length) { edges.add(links); dots = null; }
  }
  var nodes = new vis.DataSet(), edges = new vis.DataSet();
  // The labelled and the new (red-ringed) first, wherever they are.
  load(Object.keys(state.labelled).map(Number).concat(Object.keys(state.shownNodes).map(Number).filter(function (id) { return isNew(byId[id]); })));
  countPending();  // the rest of the opening view after its first drawing (lod.later)
  var nodeView = new vis.DataView(nodes, {filter: function (n) { return !!state.shownNodes[n.id]; }});
  var edgeView = new vis.DataView(edges, {filter: function (e) {
    return e.id[0] === "r" ? !!state.shownEdges[+e.id.slice(1)] : !!state.shownCooc[+e.id.slice(1)];
  }});
  var network = new vis.Network(document.getElementById("graph"), {nodes: nodeView, edges: edgeView}, {
    physics: false,
    interaction: {hover: true, tooltipDelay: 200, hideEdgesOnDrag: data.cooc.length + data.edges.length > 3000,
                  hideEdgesOnZoom: data.cooc.length + data.edges.length > 3000},
    layout: {improvedLayout: false},
    edges: {smooth: false, selectionWidth: 1.5},
    nodes: {scaling: {label: {drawThreshold: DRAW_THRESHOLD, maxVisible: 18}}}
  });

  // ------------------------------------------------------------ labels at the opening zoom
  // The most important drawn entities get a label that stays LABEL_PX on screen, chosen greedily so no two
  // overlap; the others get a label that only becomes readable when zooming in.
  function nameBox(h, scale) {
    var w = (h.name.length + 10) * 8.5 / scale, y = h.y - 16 / scale;
    return [h.x - w / 2, y - 20 / scale, h.x + w / 2, y];
  }
  // Greedy label placement: the most important first, each kept only if its box overlaps none already kept.
  function placeLabels(ids, scale, limit, boxes) {
    var chosen = {}, px = LABEL_PX / scale, count = 0;
    for (var k = 0; k < ids.length && count < limit && k < 400; k++) {
      var n = byId[ids[k]], w = n.label.length * px * 0.62 + 10 / scale, h = px * 1.45;
      var top = n.y + nodeSize(n) + 1 / scale;
      var box = [n.x - w / 2, top, n.x + w / 2, top + h];
      var clash = boxes.some(function (b) { return box[0] < b[2] && box[2] > b[0] && box[1] < b[3] && box[3] > b[1]; });
      if (clash) continue;
      boxes.push(box); chosen[n.id] = true; count++;
    }
    return chosen;
  }
  function chooseLabels(scale, bounds) {
    var boxes = hulls.map(function (h) { return nameBox(h, scale); });  // group names first: labels avoid them
    var order = Object.keys(state.shownNodes).map(Number).filter(function (id) {
      var n = byId[id];
      return n.type !== "Paper" && (!bounds || (n.x >= bounds[0] && n.x <= bounds[2] && n.y >= bounds[1] && n.y <= bounds[3]));
    }).sort(function (a, b) { return byId[a].rank - byId[b].rank; });
    state.labelled = placeLabels(order, scale, LABELS_WANTED, boxes);
  }
  // On a dense map the other names wait for a deeper zoom: revealed from about sqrt(drawn / 150) times the opening zoom.
  // A label still too small to draw gets one fixed tiny size, so zooming does not restyle those nodes.
  function fontPx(n, big, scale) {
    if (big) return LABEL_PX / scale;
    var reveal = Math.max(1, Math.sqrt(state.shownCount / 150));
    var px = Math.min(SMALL_LABEL_PX * Math.pow(scale / baseScale / reveal, 1.3), 11);
    return px < DRAW_THRESHOLD - 1 ? HIDDEN_FONT : px / scale;
  }
  function styleOf(n, scale) {
    var near = state.highlight, big = state.labelled[n.id] || (near && near[n.id]);
    var s = styles[n.type] || {}, fresh = isNew(n);
    // Rounded, so a small zoom step leaves most nodes unchanged and they are not sent to vis-network again.
    var font = fontPx(n, big, scale), size = font === HIDDEN_FONT ? font : Math.round(font * scale * 4) / 4 / scale;
    return {id: n.id, font: {size: size, color: "#1f2933", strokeWidth: size === HIDDEN_FONT ? 0 : 3 / scale, strokeColor: "#fbfbfa"},
            borderWidth: fresh ? 3 : 1,
            color: {background: s.color, border: fresh ? "#d7263d" : "#ffffff", highlight: {background: s.color, border: "#1f2933"}}};
  }
  function applyStyles(only) {
    var scale = network.getScale(), updates = [];
    (only || data.nodes).forEach(function (n) {
      if (!loaded[n.id]) return;
      var item = styleOf(n, scale), key = JSON.stringify(item);
      if (lastStyle[n.id] !== key) { lastStyle[n.id] = key; updates.push(item); }
    });
    if (updates.length) nodes.update(updates);
  }
  // vis-network redraws the whole canvas, synchronously, after every change of its data (even with physics off);
  // a batch of changes (selecting, filtering, loading what came into view) is drawn once, on the next frame.
  var batching = 0;
  function batched(fn, arg) {
    if (batching++ === 0) network.body.emitter.emit("_blockRedraw");
    try { return fn(arg); } finally {
      if (--batching === 0) { network.body.emitter.emit("_allowRedraw"); network.body.emitter.emit("_requestRedraw"); }
    }
  }
  var restyle = null;
  // Zooming restyles labels and loads what came into view; so does the end of a drag (loadView is a no-op when
  // everything drawn is loaded already).
  function settle() {
    if (restyle === null) restyle = requestAnimationFrame(function () { restyle = null; batched(function () { loadView(); applyStyles(); }); });
  }
  network.on("zoom", settle);
  network.on("dragEnd", settle);

  // ------------------------------------------------------------ communities: tinted hulls named by their lead entity
  function hull(points) {
    points.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    if (points.length < 3) return points;
    function cross(o, a, b) { return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]); }
    var lower = [], upper = [];
    points.forEach(function (p) {
      while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
      lower.push(p);
    });
    for (var i = points.length - 1; i >= 0; i--) {
      var p = points[i];
      while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
      upper.push(p);
    }
    return lower.slice(0, -1).concat(upper.slice(0, -1));
  }
  function computeHulls() {
    var members = {};
    Object.keys(state.shownNodes).forEach(function (id) {
      var n = byId[id];
      if (n.c === undefined || n.type === "Paper") return;
      (members[n.c] = members[n.c] || []).push(n);
    });
    var groups = Object.keys(members).map(Number).filter(function (c) { return members[c].length >= 6; })
      .sort(function (a, b) { return members[b].length - members[a].length || a - b; }).slice(0, 10);
    hulls = groups.map(function (c, k) {
      var inside = members[c];
      // The core of a community: its members nearest to its centre, so one stray member does not stretch the hull.
      var cx = 0, cy = 0;
      inside.forEach(function (n) { cx += n.x; cy += n.y; });
      cx /= inside.length; cy /= inside.length;
      var sorted = inside.slice().sort(function (a, b) { return (a.x - cx) * (a.x - cx) + (a.y - cy) * (a.y - cy) - (b.x - cx) * (b.x - cx) - (b.y - cy) * (b.y - cy); });
      var core = sorted.slice(0, Math.max(3, Math.ceil(sorted.length * 0.8)));
      var lead = inside.reduce(function (a, b) { return a.rank <= b.rank ? a : b; });
      var pts = hull(core.map(function (n) { return [n.x, n.y]; }));
      var top = pts.reduce(function (a, p) { return p[1] < a[1] ? p : a; }, pts[0]);
      return {points: pts, color: palette[k % palette.length], name: lead.label, size: inside.length,
              x: cx, y: top[1], community: c};
    });
  }
  network.on("beforeDrawing", function (ctx) {
    var scale = network.getScale();
    drawDots(ctx, scale);
    hulls.forEach(function (h) {
      if (h.points.length < 3) return;
      ctx.save();
      ctx.beginPath();
      h.points.forEach(function (p, i) { if (i) ctx.lineTo(p[0], p[1]); else ctx.moveTo(p[0], p[1]); });
      ctx.closePath();
      ctx.globalAlpha = 0.08; ctx.fillStyle = h.color; ctx.fill();
      ctx.globalAlpha = 0.12; ctx.lineWidth = 28 / scale; ctx.lineJoin = "round"; ctx.strokeStyle = h.color; ctx.stroke();
      ctx.restore();
    });
  });
  network.on("afterDrawing", function (ctx) {
    var scale = network.getScale(), placed = [];
    hulls.forEach(function (h) {
      var text = h.name + " group · " + h.size, box = nameBox(h, baseScale), y = h.y - 16 / scale;
      if (placed.some(function (b) { return box[0] < b[2] && box[2] > b[0] && box[1] < b[3] && box[3] > b[1]; })) return;
      placed.push(box);
      ctx.save();
      ctx.font = "italic 600 " + (14 / scale) + "px system-ui, sans-serif";
      ctx.textAlign = "center"; ctx.textBaseline = "bottom";
      ctx.lineWidth = 4 / scale; ctx.strokeStyle = "#fbfbfa"; ctx.fillStyle = h.color;
      ctx.strokeText(text, h.x, y); ctx.fillText(text, h.x, y);
      ctx.restore();
    });
  });

  // Drawn nodes not loaded into the network yet (see loadView), and the drawn links that reach them: one disc a
  // node and one thin line a link, a path per colour, collected again only after loading or filtering.
  var dots = null;
  function collectDots() {
    var byColour = {}, links = [];
    Object.keys(state.shownNodes).forEach(function (id) {
      if (loaded[id]) return;
      var n = byId[id], colour = (styles[n.type] || {}).color || "#9aa5b1";
      (byColour[colour] = byColour[colour] || []).push(n);
    });
    var near = [];  // the highlighted node's links to nodes not loaded yet: darkened, as its loaded links are
    function reach(key, a, b) { if (!edgeLoaded[key]) (nearKeys[key] ? near : links).push([byId[a], byId[b]]); }
    Object.keys(state.shownEdges).forEach(function (i) { reach("r" + i, data.edges[i].from, data.edges[i].to); });
    Object.keys(state.shownCooc).forEach(function (i) { reach("c" + i, data.cooc[i][0], data.cooc[i][1]); });
    return {colours: Object.keys(byColour).sort().map(function (c) { return [c, byColour[c]]; }), links: links, near: near};
  }
  function drawDots(ctx, scale) {
    if (!state.pending && !skippedLinks) return;
    dots = dots || collectDots();
    ctx.save();
    ctx.beginPath();
    dots.links.forEach(function (l) { ctx.moveTo(l[0].x, l[0].y); ctx.lineTo(l[1].x, l[1].y); });
    ctx.lineWidth = 0.8 / scale; ctx.strokeStyle = "#c3cad3"; ctx.globalAlpha = 0.55; ctx.stroke();
    ctx.beginPath();
    dots.near.forEach(function (l) { ctx.moveTo(l[0].x, l[0].y); ctx.lineTo(l[1].x, l[1].y); });
    ctx.lineWidth = 1.6 / scale; ctx.strokeStyle = "#7b8794"; ctx.globalAlpha = 0.95; ctx.stroke();
    ctx.globalAlpha = 0.8;
    dots.colours.forEach(function (pair) {
      ctx.beginPath();
      // As big as the node will be once loaded, so loading changes nothing at this zoom but the shape.
      pair[1].forEach(function (n) { var r = nodeSize(n) * 0.8; ctx.moveTo(n.x + r, n.y); ctx.arc(n.x, n.y, r, 0, 2 * Math.PI); });
      ctx.fillStyle = pair[0]; ctx.fill();
    });
    ctx.restore();
  }

  // ------------------------------------------------------------ refresh after any filter change
  function refresh() { return batched(refreshNow); }
  function refreshNow() {
    computeVisibility();
    nodeView.refresh(); edgeView.refresh();
    computeHulls();
    chooseLabels(network.getScale());
    load(Object.keys(state.labelled).map(Number));
    loadShownLinks(); loadView();
    applyStyles();
    updateCounts(); renderLists();
  }
  function updateCounts() {
    var edgesShown = Object.keys(state.shownEdges).length + Object.keys(state.shownCooc).length;
    document.getElementById("counts").textContent = state.shownCount + " nodes · " + edgesShown + " links";
  }

  // ------------------------------------------------------------ filters: types, relations, weeks
  var typeBox = document.getElementById("types");
  Object.keys(styles).forEach(function (type) {
    if (hiddenTypes[type] && type !== "Paper") return;
    var label = el("label"), box = el("input"), swatch = el("span", null, "swatch");
    box.type = "checkbox"; box.checked = state.types[type]; box.setAttribute("data-type", type);
    swatch.style.background = styles[type].color;
    box.addEventListener("change", function () { setTypeVisible(type, box.checked); });
    label.appendChild(box); label.appendChild(swatch); label.appendChild(document.createTextNode(type === "Paper" ? "Papers" : type));
    typeBox.appendChild(label);
  });
  var relationBox = document.getElementById("relations");
  Object.keys(state.relations).sort().forEach(function (relation) {
    var label = el("label"), box = el("input");
    box.type = "checkbox"; box.checked = true; box.setAttribute("data-relation", relation);
    box.addEventListener("change", function () { state.relations[relation] = box.checked; refresh(); });
    label.appendChild(box); label.appendChild(document.createTextNode(" " + relation));
    relationBox.appendChild(label);
  });
  function setTypeVisible(type, on) {
    state.types[type] = on;
    var box = typeBox.querySelector('input[data-type="' + type + '"]');
    if (box) box.checked = on;
    refresh();
  }
  var from = document.getElementById("week-from"), to = document.getElementById("week-to");
  var weekLabel = document.getElementById("week-label");
  [from, to].forEach(function (input) {
    input.min = 0; input.max = Math.max(digests.length - 1, 0); input.step = 1;
  });
  from.value = state.lo; to.value = state.hi;
  function showWeeks() {
    weekLabel.textContent = digests.length ? weekName(state.lo) + " → " + weekName(state.hi) + " (" + (state.hi - state.lo + 1) + " of " + digests.length + ")" : "";
  }
  function setWeeks(lo, hi) {
    lo = Math.max(0, Math.min(lo, digests.length - 1)); hi = Math.max(lo, Math.min(hi, digests.length - 1));
    state.lo = lo; state.hi = hi; from.value = lo; to.value = hi;
    showWeeks(); refresh();
  }
  from.addEventListener("input", function () { setWeeks(+from.value, Math.max(+from.value, +to.value)); });
  to.addEventListener("input", function () { setWeeks(Math.min(+from.value, +to.value), +to.value); });
  if (digests.length < 2) document.getElementById("weeks").hidden = true;

  // ------------------------------------------------------------ lists beside the map
  var listsBox = document.getElementById("lists");
  function entry(id, text, count, cls) {
    var li = el("li", null, cls), a = el("a", text);
    a.href = "#"; a.setAttribute("data-node", id);
    a.addEventListener("click", function (ev) { ev.preventDefault(); select(id); });
    li.appendChild(a);
    if (count !== null && count !== undefined) li.appendChild(el("span", String(count), "count"));
    if (isNew(byId[id])) li.appendChild(el("span", "new", "badge"));
    return li;
  }
  function renderLists() {
    listsBox.textContent = "";
    var unlinked = {};
    state.unlinked.forEach(function (id) { unlinked[id] = true; });
    [["Method", "Top methods"], ["Model", "Top models"], ["Benchmark", "Top benchmarks"], ["Organization", "Top organisations"]].forEach(function (pair) {
      if (!state.types[pair[0]]) return;
      var ranked = data.nodes.filter(function (n) { return n.type === pair[0] && (state.shownNodes[n.id] || unlinked[n.id]); })
        .map(function (n) { return [n, countInRange(n.w)]; })
        .sort(function (a, b) { return b[1] - a[1] || a[0].rank - b[0].rank; }).slice(0, 10);
      if (!ranked.length) return;
      var section = el("section", null, "list"), ol = el("ol");
      section.setAttribute("data-list", pair[0]);
      section.appendChild(el("h3", pair[1] + " (weeks mentioned)"));
      ranked.forEach(function (r) { ol.appendChild(entry(r[0].id, r[0].label, r[1])); });
      section.appendChild(ol);
      listsBox.appendChild(section);
    });
    var fresh = data.nodes.filter(function (n) { return n.type !== "Paper" && state.types[n.type] && isNew(n); })
      .sort(function (a, b) { return a.rank - b.rank; });
    if (fresh.length) {
      var box = el("section", null, "list new"), ol = el("ol");
      box.appendChild(el("h3", fresh.length + " new in " + weekName(state.hi)));
      fresh.slice(0, 12).forEach(function (n) { ol.appendChild(entry(n.id, n.label, null)); });
      box.appendChild(ol); listsBox.appendChild(box);
    }
    var entities = state.unlinked.filter(function (id) { return byId[id].type !== "Paper"; });
    if (entities.length) {
      var det = el("details", null, "list unlinked"), ul = el("ul");
      det.appendChild(el("summary", entities.length + " without links here (not drawn)"));
      entities.slice(0, 200).forEach(function (id) { ul.appendChild(entry(id, byId[id].label, null)); });
      if (entities.length > 200) ul.appendChild(el("li", "… " + (entities.length - 200) + " more (search finds them)"));
      det.appendChild(ul); listsBox.appendChild(det);
    }
  }

  // ------------------------------------------------------------ highlight and selection
  function neighbours(id) {
    var near = {};
    near[id] = true;
    relationsOf[id].forEach(function (i) { if (state.shownEdges[i]) { near[data.edges[i].from] = true; near[data.edges[i].to] = true; } });
    coocOf[id].forEach(function (i) { var c = data.cooc[i]; if (state.shownNodes[c[0]] && state.shownNodes[c[1]]) { near[c[0]] = true; near[c[1]] = true; } });
    return near;
  }
  // Highlighting a node enlarges its neighbours' labels and darkens its links; only those items are restyled,
  // so selecting stays instant on a map of thousands of nodes.
  var nearEdges = [];
  function nearLook(key) {
    return key[0] === "r" ? {font: {size: 11 / network.getScale()}, color: {color: "#3e4c59", opacity: 1}} : {color: {color: "#7b8794", opacity: 0.95}};
  }
  function highlight(id) {
    var before = state.highlight || {};
    if (id === null) state.highlight = null;
    else {
      // The selected node and as many of its neighbours as fit without overlapping, most important first.
      var near = Object.keys(neighbours(id)).map(Number).filter(function (k) { return k !== id; })
        .sort(function (a, b) { return byId[a].rank - byId[b].rank; });
      state.highlight = placeLabels([id].concat(near), network.getScale(), 60, []);
      state.highlight[id] = true;
    }
    var touched = Object.keys(before).concat(Object.keys(state.highlight || {})).map(function (k) { return byId[k]; });
    applyStyles(touched);
    // the links held at the last highlight, and those of its links the view's detail created darkened since (nearKeys)
    Object.keys(nearKeys).forEach(function (key) { if (edgeLoaded[key] && nearEdges.indexOf(key) < 0) nearEdges.push(key); });
    var updates = nearEdges.map(function (eid) {
      return eid[0] === "r" ? {id: eid, font: {size: 0}, color: {color: byId[ends(eid)[0]].type !== "Paper" ? "#7b8794" : "#bcc3cb", opacity: 0.8}}
                            : {id: eid, color: {color: "#c3cad3", opacity: 0.55}};
    });
    nearEdges = []; nearKeys = {}; dots = null;
    if (id !== null) {
      // Loaded at once: the node and its labelled neighbours, with the node's links among them (darkened). Its
      // links to the others are painted darkened under the network, and the rest comes with the view's detail
      // (lod.later), those links created darkened.
      var wanted = Object.keys(state.highlight).map(Number), mine = incident(id);
      var restyle = mine.filter(function (key) { return edgeLoaded[key]; });
      mine.forEach(function (key) { if (edgeShown(key)) nearKeys[key] = true; });
      load(wanted, nearKeys);  // links among the neighbours come with the view's detail
      nearEdges = mine.filter(function (key) { return edgeLoaded[key]; });
      restyle.forEach(function (key) { updates.push(Object.assign({id: key}, nearLook(key))); });
    }
    if (updates.length) edges.update(updates);
  }

  // The panel is a list of sections, each a function (node) -> element or null, so another one can be added.
  var panel = document.getElementById("panel"), panelBody = document.getElementById("panel-body");
  var sections = [];
  function addPanelSection(name, render, before) {
    var at = before ? sections.findIndex(function (s) { return s.name === before; }) : -1;
    var item = {name: name, render: render};
    if (at >= 0) sections.splice(at, 0, item); else sections.push(item);
  }
  function section(title, name) {
    var box = el("section", null, "section");
    box.setAttribute("data-section", name);
    if (title) box.appendChild(el("h3", title));
    return box;
  }
  function link(id, text) {
    var a = el("a", text || byId[id].label);
    a.href = "#"; a.setAttribute("data-node", id);
    a.addEventListener("click", function (ev) { ev.preventDefault(); select(id); });
    return a;
  }
  function digestNames(n) {
    return n.w.map(function (i) { return weekName(i) === digests[i].file || digests[i].file.indexOf(weekName(i)) >= 0
      ? digests[i].file : weekName(i) + " (" + digests[i].file + ")"; });
  }

  addPanelSection("summary", function (n) {
    var box = section(null, "summary"), facts = el("dl");
    box.appendChild(el("div", n.type + (isNew(n) ? " · new this week" : ""), "type"));
    function fact(name, value) { if (value) { facts.appendChild(el("dt", name)); facts.appendChild(el("dd", value)); } }
    fact("aliases", n.aliases.join(", "));
    fact("family", n.family);
    var names = digestNames(n);
    if (!names.length) names = n.digests || [];
    var shown = names.length > 8 ? names.slice(0, 3).concat(["…"], names.slice(-4)) : names;
    fact(n.type === "Paper" ? "described in" : "mentioned in " + names.length + " digest" + (names.length === 1 ? "" : "s"),
         shown.join(", "));
    box.appendChild(facts);
    return box;
  });
  // Trees over one relation between entities: each row indented under the one it hangs from.
  // describe(id, above) notes a row; mark(id, above), when given, is a dim word right after its name.
  function tree(rootId, childrenOf, title, name, describe, mark) {
    var box = section(title, name), seen = {};
    var rows = 0;
    function walk(id, depth, above) {
      if (seen[id] || rows > 300) return;
      seen[id] = true; rows++;
      var row = el("div", null, "tree-row");
      row.style.paddingLeft = (depth * 16) + "px";
      if (depth) row.appendChild(el("span", "└ ", "branch"));
      row.appendChild(id === rootId ? el("strong", byId[id].label) : link(id));
      var marked = mark && depth ? mark(id, above) : "";
      if (marked) row.appendChild(el("span", " " + marked, "mark"));
      var note = describe ? describe(id, above) : "";
      if (note) row.appendChild(el("span", " " + note, "note"));
      box.appendChild(row);
      childrenOf(id).forEach(function (c) { walk(c, depth + 1, id); });
    }
    walk(rootId, 0, null);
    return rows > 1 ? box : null;
  }
  function related(id, relation, outgoing) {
    var found = [];
    relationsOf[id].forEach(function (i) {
      var e = data.edges[i];
      if (e.relation !== relation) return;
      if (outgoing && e.from === id) found.push(e.to);
      if (!outgoing && e.to === id) found.push(e.from);
    });
    return found.filter(function (x, k) { return found.indexOf(x) === k; })
      .sort(function (a, b) { return byId[a].rank - byId[b].rank; });
  }
  function introducedBy(id) {
    var papers = related(id, "introduces", false);
    return papers.length ? "— introduced by “" + byId[papers[0]].label + "”" : "";
  }
  // "(by name)" after a method whose edge to the row above it was read from the two names, not stated.
  function byName(child, parent) {
    var named = relationsOf[child].some(function (i) {
      var e = data.edges[i];
      return e.relation === "extends" && e.from === child && e.to === parent && e.basis === "name";
    });
    return named ? "(by name)" : "";
  }
  addPanelSection("lineage", function (n) {
    if (n.type !== "Method") return null;
    var wrap = el("div");
    var down = tree(n.id, function (id) { return related(id, "extends", false); }, "Lineage: methods that extend it", "lineage", introducedBy,
                    function (id, above) { return byName(id, above); });
    var up = tree(n.id, function (id) { return related(id, "extends", true); }, "Lineage: what it extends", "ancestors", introducedBy,
                  function (id, above) { return byName(above, id); });
    if (down) wrap.appendChild(down);
    if (up) wrap.appendChild(up);
    return wrap.childNodes.length ? wrap : null;
  });
  addPanelSection("family", function (n) {
    if (n.type !== "Model" && n.type !== "Benchmark" && n.type !== "Organization") return null;
    // An organisation's family is its units (partOf), a model's and a benchmark's its variants and editions.
    var link = n.type === "Organization" ? "partOf" : "variantOf";
    var root = n.id, guard = 0;
    while (related(root, link, true).length && guard++ < 10) root = related(root, link, true)[0];
    if (link === "partOf" && root === n.id && !related(root, link, false).length) return null;
    var via = {Model: "usesBaseModel", Benchmark: "evaluatedOn", Organization: "affiliation"}[n.type];
    var title = {Model: "Family: variants, and papers building on each", Benchmark: "Editions, and papers evaluated on each",
                 Organization: "Units, and papers affiliated with each"}[n.type];
    return tree(root, function (id) { return related(id, link, false); }, title, "family", function (id) {
      var papers = related(id, via, false);
      return papers.length ? "— " + papers.length + " paper" + (papers.length === 1 ? "" : "s") : "";
    });
  });
  // A benchmark's reported results (and its editions'), best first, as a table (issue 13).
  addPanelSection("results", function (n) {
    var rows = (data.results || {})[String(n.id)];
    if (!rows || !rows.length) return null;
    var box = section(rows.length + " reported results", "results");
    var table = el("table", null, "results"), head = el("tr");
    ["#", "system", "score", "metric", "setting", "paper"].forEach(function (h) { head.appendChild(el("th", h)); });
    table.appendChild(head);
    rows.forEach(function (r, i) {
      var tr = el("tr");
      var score = r.value + (r.unit === "%" ? "%" : " " + r.unit);
      var paper = r.paper + (r.digests.length ? " (" + r.digests.join(", ") + ")" : "");
      var edition = r.benchmark !== n.label ? " on " + r.benchmark : "";
      [String(i + 1), r.system, score, r.metric + edition, r.setting, paper].forEach(function (v) { tr.appendChild(el("td", v)); });
      table.appendChild(tr);
    });
    box.appendChild(table);
    return box;
  });
  addPanelSection("papers", function (n) {
    if (n.type === "Paper") return null;
    var papers = (papersOf[n.id] || []).filter(function (p, k, all) { return all.indexOf(p) === k; });
    if (!papers.length) return null;
    var box = section(papers.length + " paper" + (papers.length === 1 ? "" : "s"), "papers"), ul = el("ul");
    papers.slice(0, 60).forEach(function (p) {
      var li = el("li"), rels = relationsOf[p].map(function (i) { return data.edges[i]; })
        .filter(function (e) { return e.to === n.id; }).map(function (e) { return e.relation; });
      li.appendChild(link(p)); li.appendChild(el("span", " " + rels.join(", "), "note"));
      ul.appendChild(li);
    });
    box.appendChild(ul);
    return box;
  });
  addPanelSection("appears-with", function (n) {
    if (n.type === "Paper" || !coocOf[n.id].length) return null;
    var rows = coocOf[n.id].map(function (i) { var c = data.cooc[i]; return [c[0] === n.id ? c[1] : c[0], c[2].length]; })
      .sort(function (a, b) { return b[1] - a[1] || byId[a[0]].rank - byId[b[0]].rank; });
    var box = section("Appears with " + rows.length, "appears-with"), ul = el("ul", null, "inline");
    rows.slice(0, 40).forEach(function (r) {
      var li = el("li"); li.appendChild(link(r[0])); li.appendChild(el("span", " " + r[1], "count")); ul.appendChild(li);
    });
    box.appendChild(ul);
    return box;
  });
  addPanelSection("relations", function (n) {
    var mine = relationsOf[n.id].map(function (i) { return data.edges[i]; });
    if (!mine.length) return null;
    var box = section(mine.length + " relations", "relations");
    mine.slice(0, 80).forEach(function (e) { box.appendChild(relationBox2(e, n.id)); });
    if (mine.length > 80) box.appendChild(el("div", "… " + (mine.length - 80) + " more", "note"));
    return box;
  });
  function relationBox2(e, id) {
    var box = el("div", null, "relation"), line = el("div");
    var other = e.from === id ? e.to : e.from;
    if (id === null) { line.appendChild(link(e.from)); line.appendChild(el("span", " → " + e.relation + " → ")); line.appendChild(link(e.to)); }
    else if (e.from === id) { line.appendChild(el("span", e.relation + " → ")); line.appendChild(link(other)); }
    else { line.appendChild(link(other)); line.appendChild(el("span", " → " + e.relation)); }
    box.appendChild(line);
    e.evidence.forEach(function (ev) {
      var quote = el("blockquote", ev.sentence, "evidence");
      quote.appendChild(el("div", ev.digest, "digest"));
      box.appendChild(quote);
    });
    return box;
  }
  function openPanel(title) {
    document.getElementById("panel-title").textContent = title;
    panelBody.textContent = "";
    panel.hidden = false;
    panel.scrollTop = 0;
  }
  function showPanel(id) {
    var n = byId[id];
    openPanel(n.label);
    sections.forEach(function (s) {
      var part = s.render(n, {select: select, link: link, section: section, el: el});
      if (part) panelBody.appendChild(part);
    });
  }
  function showCooc(i) {
    var c = data.cooc[i];
    openPanel(byId[c[0]].label + " ↔ " + byId[c[1]].label);
    var box = section("Appear together in " + c[2].length + " paper" + (c[2].length === 1 ? "" : "s"), "shared-papers"), ul = el("ul");
    c[2].forEach(function (p) {
      var li = el("li"); li.appendChild(link(p));
      li.appendChild(el("span", " " + digestNames(byId[p]).join(", "), "note"));
      ul.appendChild(li);
    });
    box.appendChild(ul); panelBody.appendChild(box);
    var ends = section(null, "ends"); ends.appendChild(link(c[0])); ends.appendChild(el("span", " · ")); ends.appendChild(link(c[1]));
    panelBody.appendChild(ends);
  }
  function select(id) { return batched(selectNow, id); }
  function selectNow(id) {
    var n = byId[id];
    if (!state.types[n.type]) setTypeVisible(n.type, true);
    state.selected = id;
    load([id]);
    if (state.shownNodes[id]) {
      network.selectNodes([id]);
      // On a big map, zoom in to the neighbourhood; a small one already shows it at the opening zoom.
      var zoom = state.shownCount > 150 ? 2.2 : 1;
      network.focus(id, {scale: Math.max(network.getScale(), baseScale * zoom), offset: {x: -190, y: 0}, animation: false});
      highlight(id);
      loadViewLater();
      applyStyles();  // labels follow the new zoom
      status.textContent = "";
    } else {
      network.unselectAll(); highlight(null);
      status.textContent = n.label + " has no link under these filters";
    }
    showPanel(id);
  }
  // The dot under a point of the map (see drawDots), if any: a dot answers a click as its node would.
  function dotAt(point) {
    if (!state.pending) return null;
    dots = dots || collectDots();
    var best = null, reach = 4 / network.getScale();
    dots.colours.forEach(function (pair) {
      pair[1].forEach(function (n) {
        var d = Math.hypot(n.x - point.x, n.y - point.y) - nodeSize(n) * 0.8;
        if (d <= reach && (best === null || d < best[0])) best = [d, n.id];
      });
    });
    return best && best[1];
  }
  network.on("click", function (params) {
    var dot = params.nodes.length || params.edges.length ? null : dotAt(params.pointer.canvas);
    if (params.nodes.length) select(params.nodes[0]);
    else if (dot !== null) select(dot);
    else if (params.edges.length) {
      var id = params.edges[0];
      if (id[0] === "c") showCooc(+id.slice(1));
      else { var e = data.edges[+id.slice(1)]; openPanel(byId[e.from].label + " → " + byId[e.to].label); panelBody.appendChild(relationBox2(e, null)); }
    } else { highlight(null); panel.hidden = true; state.selected = null; }
  });
  document.getElementById("close").addEventListener("click", function () { panel.hidden = true; highlight(null); network.unselectAll(); });

  // ------------------------------------------------------------ search: every match by name and alias, as you type
  var search = document.getElementById("search"), status = document.getElementById("search-status");
  var results = document.getElementById("search-results"), active = 0, current = [];
  function fold(s) { return s.toLowerCase().replace(/[\s\-_\u2010-\u2015\u2212/]+/g, ""); }
  var names = data.nodes.map(function (n) {
    return [n.label].concat(n.aliases).map(function (s) { return [s, fold(s)]; });
  });
  function matches(query) {
    var q = fold(query);
    if (!q) return [];
    var tokens = query.toLowerCase().split(/[\s\-_]+/).map(fold).filter(Boolean);
    var found = [];
    data.nodes.forEach(function (n) {
      var best = 9, via = null;
      names[n.id].forEach(function (pair, k) {
        var s = pair[1], r = s === q ? 0 : s.indexOf(q) === 0 ? 1 : s.indexOf(q) >= 0 ? 2
          : tokens.length > 1 && tokens.every(function (t) { return s.indexOf(t) >= 0; }) ? 3 : 9;
        if (r < best) { best = r; via = k ? pair[0] : null; }
      });
      if (best < 9) found.push({id: n.id, rank: best, via: via});
    });
    found.sort(function (a, b) {
      return a.rank - b.rank || (byId[a.id].type === "Paper") - (byId[b.id].type === "Paper") || byId[a.id].rank - byId[b.id].rank;
    });
    return found;
  }
  function showResults() {
    current = matches(search.value);
    active = 0;
    results.textContent = "";
    if (!search.value.trim()) { results.hidden = true; status.textContent = ""; return current; }
    status.textContent = current.length ? current.length + " match" + (current.length === 1 ? "" : "es") : "no match";
    current.slice(0, 30).forEach(function (m, k) {
      var n = byId[m.id], li = el("li", null, k === active ? "active" : "");
      var swatch = el("span", null, "swatch"); swatch.style.background = (styles[n.type] || {}).color;
      li.appendChild(swatch); li.appendChild(el("span", n.label, "name"));
      if (m.via) li.appendChild(el("span", " (" + m.via + ")", "via"));
      li.appendChild(el("span", n.type, "kind"));
      li.setAttribute("data-node", m.id);
      li.addEventListener("mousedown", function (ev) { ev.preventDefault(); choose(k); });
      results.appendChild(li);
    });
    results.hidden = !current.length;
    return current;
  }
  function markActive() {
    Array.prototype.forEach.call(results.children, function (li, k) {
      li.className = k === active ? "active" : "";
      if (k === active) li.scrollIntoView({block: "nearest"});
    });
  }
  function choose(k) {
    if (!current[k]) return null;
    results.hidden = true;
    select(current[k].id);
    return current[k].id;
  }
  search.addEventListener("input", showResults);
  search.addEventListener("keydown", function (e) {
    var shown = Math.min(current.length, 30);
    if (e.key === "ArrowDown") { e.preventDefault(); active = Math.min(active + 1, shown - 1); markActive(); }
    else if (e.key === "ArrowUp") { e.preventDefault(); active = Math.max(active - 1, 0); markActive(); }
    else if (e.key === "Enter") { if (!current.length) showResults(); choose(active); }
    else if (e.key === "Escape") { results.hidden = true; }
  });
  search.addEventListener("blur", function () { results.hidden = true; });
  search.addEventListener("focus", function () { if (current.length && search.value.trim()) results.hidden = false; });

  // ------------------------------------------------------------ start
  showWeeks();
  network.moveTo({position: {x: view.x, y: view.y}, scale: baseScale, animation: false});
  updateCounts(); renderLists();
  if (settings.focus !== null && settings.focus !== undefined) select(settings.focus);
  window.kg = {
    network: network, nodes: nodes, edges: edges, data: data, state: state,
    search: function (q) { search.value = q; showResults(); return choose(0); },
    matches: function (q) { return matches(q).map(function (m) { return byId[m.id].label; }); },
    typeQuery: function (q) { search.value = q; return showResults().length; },
    setTypeVisible: setTypeVisible,
    setWeeks: setWeeks,
    select: select,
    addPanelSection: addPanelSection,
    visibleNodeIds: function () { return Object.keys(state.shownNodes).map(Number); },
    visibleLinks: function () {
      return Object.keys(state.shownEdges).map(function (i) { return [data.edges[i].from, data.edges[i].to]; })
        .concat(Object.keys(state.shownCooc).map(function (i) { return [data.cooc[i][0], data.cooc[i][1]]; }));
    },
    unlinkedIds: function () { return state.unlinked.slice(); },
    // Level of detail: the nodes the network holds, and the drawn ones it shows as dots until they come into view.
    loadedIds: function () { return Object.keys(loaded).map(Number); },
    dotIds: function () { return Object.keys(state.shownNodes).map(Number).filter(function (id) { return !loaded[id]; }); },
    loadView: loadView,
    // Labels readable at the current zoom: their font size on screen reaches vis-network's draw threshold.
    labelledIds: function () {
      var scale = network.getScale();
      return Object.keys(state.shownNodes).map(Number).filter(function (id) {
        return loaded[id] && nodes.get(id).font.size * scale >= DRAW_THRESHOLD - 1;
      });
    },
    communities: function () { return hulls.map(function (h) { return {name: h.name, size: h.size}; }); }
  };
  window.kgNetwork = network;
  network.once("afterDrawing", function () {
    document.body.setAttribute("data-rendered", "true");
    loadViewLater();
  });
});
