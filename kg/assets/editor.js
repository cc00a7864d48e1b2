// The query editor of `kg serve`: YASGUI on this server's endpoint, one tab per example question.
// Everything it fetches comes from this server: the completion of classes and properties asks this
// graph instead of Linked Open Vocabularies (a remote service YASGUI would otherwise call).
"use strict";
(async function () {
  const endpoint = location.origin + "/sparql";
  const Yasqe = Yasgui.Yasqe;

  function termsOfThisGraph(query) {
    return () => fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/sparql-query", Accept: "application/sparql-results+json" },
      body: query,
    }).then((r) => r.json()).then((d) => d.results.bindings.map((b) => b.t.value));
  }
  Yasqe.forkAutocompleter("property", {
    name: "graphProperty", bulk: true, persistenceId: null,
    get: termsOfThisGraph("SELECT DISTINCT ?t WHERE { ?s ?t ?o } ORDER BY ?t"),
  }, false);
  Yasqe.forkAutocompleter("class", {
    name: "graphClass", bulk: true, persistenceId: null,
    get: termsOfThisGraph("SELECT DISTINCT ?t WHERE { ?s a ?t } ORDER BY ?t"),
  }, false);
  Yasqe.defaults.autocompleters = ["prefixes", "variables", "graphProperty", "graphClass"];

  const examples = await fetch("/editor/examples.json").then((r) => r.json());
  const yasgui = new Yasgui(document.getElementById("yasgui"), {
    requestConfig: { endpoint, method: "POST" },
    copyEndpointOnNewTab: true,
    persistenceId: null, // no tabs restored from another session's local storage
    autoAddOnInit: false,
    populateFromUrl: false,
    endpointCatalogueOptions: { getData: () => [{ endpoint }] },
  });
  examples.forEach((example, i) => {
    yasgui.addTab(i === 0, { ...Yasgui.Tab.getDefaults(), name: example.tab, yasqe: { value: example.query },
      requestConfig: { ...Yasgui.Tab.getDefaults().requestConfig, endpoint } });
  });
  window.kgEditor = yasgui;
  document.body.dataset.ready = "true";
})();
