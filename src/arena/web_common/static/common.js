// Helpers every page uses. Program-provided text only ever goes in through textContent.
"use strict";

function pageData() {
  return JSON.parse(document.getElementById("page-data").textContent);
}

// A new element with this text (never parsed as HTML).
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

// A board drawing shown as an image: an image never runs a script, whatever it holds.
function svgUrl(svg) {
  return "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
}

// Fill a <tbody> from rows of cells; cellNode(row, index, value) may return a custom node.
function fillBody(tbody, rows, cellNode) {
  const fresh = document.createElement("tbody");
  for (const row of rows) {
    const tr = document.createElement("tr");
    row.forEach((value, index) => {
      const custom = cellNode ? cellNode(row, index, value) : null;
      tr.appendChild(custom || el("td", value));
    });
    fresh.appendChild(tr);
  }
  tbody.replaceWith(fresh);
  return fresh;
}

function fillHead(thead, headers) {
  const tr = document.createElement("tr");
  for (const header of headers) tr.appendChild(el("th", header));
  thead.replaceChildren(tr);
}

async function getJson(url) {
  const response = await fetch(url, {headers: {"Accept": "application/json"}});
  if (!response.ok) throw new Error(url + ": " + response.status);
  return response.json();
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body || {}),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || (url + ": " + response.status));
  return data;
}

function ms(value) {
  return value === null || value === undefined ? "–" : Number(value).toFixed(1);
}

function clockText(value) {
  return value === null || value === undefined ? "no clock" : (value / 1000).toFixed(2) + " s";
}
