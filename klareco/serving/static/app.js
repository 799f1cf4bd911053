// Klareco's page: asks /api/ask and /api/parse, and shows answers, evidence and trees.
// Plain DOM code, no framework and no build step. Text from the server is only ever set as
// textContent, never as HTML.
"use strict";

const ROLE_NAMES = {
  subject: "subjekto", object: "objekto", predicate: "predikativo",
  indirect_object: "nerekta objekto", verb: "verbo", adjunct: "komplemento",
  place: "loko", direction: "direkto", source: "deveno", time: "tempo", manner: "maniero",
  reason: "kaŭzo", quantity: "kvanto", quality: "eco", possessor: "posedanto",
  instrument: "ilo", company: "akompano", purpose: "celo", topic: "temo", name: "nomo",
  yes_no: "jes aŭ ne", apposition: "apozicio", naming: "nomo", verb_phrase: "verba grupo",
  because_clause: "kaŭza propozicio", when_clause: "tempa propozicio", date: "dato",
};
const CLAUSE_ROLES = ["subject", "verb", "object", "predicate", "indirect_object"];
const X_SYSTEM = { c: "ĉ", g: "ĝ", h: "ĥ", j: "ĵ", s: "ŝ", u: "ŭ" };

const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function roleName(role) {
  return ROLE_NAMES[role] || role;
}

// ---------------------------------------------------------------- x-system while typing

// "cx" → "ĉ", "Sx" → "Ŝ" …: Esperanto has no x, so an x after one of these letters is the
// x-system's hat. The caret stays where it was.
function respellXSystem(field) {
  const value = field.value;
  const converted = value.replace(/([cghjsuCGHJSU])[xX]/g, (_, letter) => {
    const hat = X_SYSTEM[letter.toLowerCase()];
    return letter === letter.toLowerCase() ? hat : hat.toUpperCase();
  });
  if (converted === value) return;
  const caret = field.selectionStart - (value.length - converted.length);
  field.value = converted;
  field.setSelectionRange(caret, caret);
}

// ---------------------------------------------------------------- talking to the API

async function getJson(path, params) {
  const url = path + "?" + new URLSearchParams(params).toString();
  const response = await fetch(url, { headers: { accept: "application/json" } });
  const text = await response.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data === null ? text : data;
}

// ---------------------------------------------------------------- highlighting

// The sentence as nodes: each character run marked by the spans that cover it. Offsets are
// in characters (code points), as Python counts them.
function highlighted(text, answerSpan, matched) {
  const characters = Array.from(text);
  const cuts = new Set([0, characters.length]);
  const spans = [];
  if (answerSpan) spans.push({ start: answerSpan[0], end: answerSpan[1], kind: "answer" });
  for (const [start, end] of matched || []) spans.push({ start, end, kind: "match" });
  for (const span of spans) {
    cuts.add(Math.max(0, Math.min(span.start, characters.length)));
    cuts.add(Math.max(0, Math.min(span.end, characters.length)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const fragment = document.createDocumentFragment();
  for (let n = 0; n + 1 < points.length; n++) {
    const [start, end] = [points[n], points[n + 1]];
    const piece = characters.slice(start, end).join("");
    const kinds = new Set(spans.filter((s) => s.start <= start && end <= s.end)
      .map((s) => s.kind));
    let node = document.createTextNode(piece);
    if (kinds.has("match")) {
      const strong = element("strong", "match");
      strong.appendChild(node);
      node = strong;
    }
    if (kinds.has("answer")) {
      const mark = element("mark", "answer-span");
      mark.appendChild(node);
      node = mark;
    }
    fragment.appendChild(node);
  }
  return fragment;
}

// ---------------------------------------------------------------- the answer

let lastAnswer = null;

function showAnswer(data) {
  lastAnswer = data;
  $("result").hidden = false;
  $("answer").textContent = data.answer;
  $("answer-box").classList.toggle("abstained", data.abstained);
  const bar = $("confidence");
  if (data.abstained) {
    $("answer-meta").textContent = data.message ? `Kial: ${data.message}` : "";
    bar.hidden = true;
  } else {
    const percent = Math.round(data.confidence * 100);
    $("answer-meta").textContent = `Certeco ${percent} % (${data.expert} fakulo)`;
    bar.hidden = false;
    $("confidence-bar").style.width = `${percent}%`;
  }
  $("evidence-title").textContent = data.abstained ? "Plej bonaj trovitaj frazoj"
    : "Subtenaj frazoj";
  const list = $("evidence");
  list.replaceChildren();
  data.evidence.forEach((item, n) => {
    const entry = element("li", n === data.answer_evidence ? "evidence-item answering"
      : "evidence-item");
    let answerSpan = null;
    if (n === data.answer_evidence && data.answer_offsets) {
      const base = item.offsets.start;
      answerSpan = [data.answer_offsets.start - base, data.answer_offsets.end - base];
    }
    const sentence = element("p", "sentence");
    sentence.appendChild(highlighted(item.text, answerSpan, item.matched));
    entry.appendChild(sentence);
    const cite = element("p", "citation");
    const link = element("a", null, item.label);
    link.href = item.source_url;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.title = `${item.title} — ${item.license}`;
    cite.appendChild(link);
    cite.appendChild(element("span", "score", ` · poentoj ${item.score_final.toFixed(3)}`));
    entry.appendChild(cite);
    list.appendChild(entry);
  });
  setAstOpen(false);
}

async function ask(question) {
  const status = $("ask-status");
  status.textContent = "Serĉante …";
  status.classList.remove("error");
  $("ask-button").disabled = true;
  try {
    const data = await getJson("/api/ask", { q: question });
    status.textContent = "";
    showAnswer(data);
  } catch (error) {
    status.textContent = error.message;
    status.classList.add("error");
  } finally {
    $("ask-button").disabled = false;
  }
}

// ---------------------------------------------------------------- trees

// A sentence's analysis: the question word and the role it asks for, each clause's roles,
// and every word's morphemes. ``answer`` (or null): the answer's text, its span in this
// sentence (whose words and phrases are marked) and the place it fills there, as the expert
// read it (a role, or an apposition, a name given …).
function treeView(sentence, title, answer) {
  const answerChars = answer ? answer.chars : null;
  const box = element("section", "tree");
  box.appendChild(element("h3", null, title));
  box.appendChild(element("p", "sentence-text", sentence.text));
  const answerWords = new Set(sentence.words
    .filter((w) => answerChars && w.start < answerChars[1] && answerChars[0] < w.end)
    .map((w) => w.index));
  const asked = sentence.question;
  const facts = element("p", "facts");
  const kinds = { statement: "aserto", question: "demando", command: "ordono" };
  facts.textContent = `Speco: ${kinds[sentence.type] || sentence.type}`;
  if (asked) {
    facts.appendChild(document.createTextNode(" · demandvorto "));
    facts.appendChild(element("strong", null, asked.word));
    facts.appendChild(document.createTextNode(" → demandas la rolon "));
    facts.appendChild(element("strong", "asked-role", roleName(asked.role)));
  }
  box.appendChild(facts);
  if (answer) {
    const found = element("p", "facts answer-fact");
    found.appendChild(document.createTextNode("Respondo "));
    found.appendChild(element("mark", "answer-span", answer.text));
    if (answer.slot) {
      found.appendChild(document.createTextNode(" → ĝia loko en la frazo: "));
      found.appendChild(element("strong", null, roleName(answer.slot)));
    }
    box.appendChild(found);
  }

  sentence.clauses.forEach((clause, n) => {
    const heading = clause.kind === "main" ? "ĉefpropozicio" : `subpropozicio (${clause.kind})`;
    box.appendChild(element("p", "clause-title", `${n + 1}. ${heading}`));
    const roles = element("ul", "roles");
    const phrases = [];
    for (const role of CLAUSE_ROLES) {
      const phrase = clause[role];
      if (!phrase) continue;
      const words = role === "verb" ? [phrase.index] : phrase.words;
      phrases.push({ role, text: role === "verb" ? phrase.form : phrase.text, words });
    }
    for (const adjunct of clause.adjuncts || []) {
      phrases.push({ role: "adjunct", text: adjunct.text, words: adjunct.words,
        preposition: adjunct.preposition });
    }
    for (const phrase of phrases) {
      const item = element("li", "role");
      const isAsked = asked && phrase.words.includes(asked.index);
      const isAnswer = phrase.words.some((w) => answerWords.has(w));
      if (isAsked) item.classList.add("asked");
      if (isAnswer) item.classList.add("answering");
      item.appendChild(element("span", "role-name", roleName(phrase.role)));
      item.appendChild(element("span", "role-text", phrase.text));
      if (isAsked) item.appendChild(element("span", "tag", "demandata"));
      if (isAnswer) item.appendChild(element("span", "tag answer-tag", "respondo"));
      roles.appendChild(item);
    }
    box.appendChild(roles);
  });

  const wrap = element("div", "table-wrap");
  const table = element("table", "words");
  const head = element("tr");
  for (const label of ["vorto", "morfemoj", "vortspeco", "lemo", "trajtoj"]) {
    head.appendChild(element("th", null, label));
  }
  table.appendChild(head);
  for (const word of sentence.words) {
    const row = element("tr", answerWords.has(word.index) ? "answering" : null);
    row.appendChild(element("td", "form", word.form));
    const morphemes = element("td", "morphemes");
    (word.morphemes || []).forEach((m, n) => {
      if (n) morphemes.appendChild(document.createTextNode("·"));
      const piece = element("span", `morpheme ${m.kind}${m.known ? "" : " unknown"}`, m.text);
      piece.title = m.kind;
      morphemes.appendChild(piece);
    });
    row.appendChild(morphemes);
    row.appendChild(element("td", null, word.pos));
    row.appendChild(element("td", null, word.lemma));
    const feats = Object.entries(word.feats || {}).map(([k, v]) => `${k}=${v}`).join(" ");
    row.appendChild(element("td", "feats", feats));
    table.appendChild(row);
  }
  wrap.appendChild(table);
  box.appendChild(wrap);
  return box;
}

async function showAsts() {
  const view = $("ast-view");
  view.replaceChildren(element("p", "status", "Analizante …"));
  const data = lastAnswer;
  try {
    const question = await getJson("/api/parse", { q: data.question });
    const parts = [treeView(question, "La demando", null)];
    if (data.evidence.length) {
      const item = data.evidence[data.answer_evidence ?? 0];
      const sentence = await getJson("/api/parse", { q: item.text });
      let answer = null;
      if (data.answer_offsets && data.answer_evidence !== null) {
        const base = item.offsets.start;
        const expert = data.trace.expert || {};
        answer = {
          text: data.answer,
          chars: [data.answer_offsets.start - base, data.answer_offsets.end - base],
          // the expert's reason starts with the place the answer fills: "object (p 0.80)"
          slot: (expert.reason || "").split(" (")[0],
        };
      }
      const title = data.abstained ? "La plej bona frazo" : "La responda frazo";
      parts.push(treeView(sentence, `${title} — ${item.label}`, answer));
    }
    view.replaceChildren(...parts);
  } catch (error) {
    view.replaceChildren(element("p", "status error", error.message));
  }
}

function setAstOpen(open) {
  const toggle = $("ast-toggle");
  toggle.setAttribute("aria-expanded", String(open));
  toggle.textContent = open ? "Kaŝi la analizon" : "Montri la analizon (AST)";
  $("ast-view").hidden = !open;
  if (open) showAsts();
}

// ---------------------------------------------------------------- the parse tab

async function parseText(text) {
  const status = $("parse-status");
  status.textContent = "Analizante …";
  status.classList.remove("error");
  try {
    const sentence = await getJson("/api/parse", { q: text });
    status.textContent = "";
    $("parse-view").replaceChildren(treeView(sentence, "Analizo", null));
    if ($("conllu-toggle").getAttribute("aria-expanded") === "true") showConllu(text);
  } catch (error) {
    status.textContent = error.message;
    status.classList.add("error");
  }
}

async function showConllu(text) {
  try {
    $("conllu").textContent = await getJson("/api/parse", { q: text, format: "conllu" });
  } catch (error) {
    $("conllu").textContent = error.message;
  }
}

function selectTab(name) {
  for (const tab of ["ask", "parse"]) {
    const chosen = tab === name;
    $(`tab-${tab}`).setAttribute("aria-selected", String(chosen));
    $(`panel-${tab}`).hidden = !chosen;
  }
}

// ---------------------------------------------------------------- wiring

document.addEventListener("DOMContentLoaded", () => {
  const question = $("question");
  const parseField = $("parse-text");
  question.addEventListener("input", () => respellXSystem(question));
  parseField.addEventListener("input", () => respellXSystem(parseField));

  $("ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (question.value.trim()) ask(question.value.trim());
  });
  for (const button of document.querySelectorAll(".example")) {
    button.addEventListener("click", () => {
      question.value = button.textContent;
      ask(button.textContent);
    });
  }
  $("ast-toggle").addEventListener("click", () => {
    setAstOpen($("ast-toggle").getAttribute("aria-expanded") !== "true");
  });

  $("parse-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (parseField.value.trim()) parseText(parseField.value.trim());
  });
  parseField.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      $("parse-form").requestSubmit();
    }
  });
  $("conllu-toggle").addEventListener("click", () => {
    const toggle = $("conllu-toggle");
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    $("conllu").hidden = !open;
    if (open && parseField.value.trim()) showConllu(parseField.value.trim());
  });
  $("tab-ask").addEventListener("click", () => selectTab("ask"));
  $("tab-parse").addEventListener("click", () => selectTab("parse"));
});
