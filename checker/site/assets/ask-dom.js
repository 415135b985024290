/* Making the ask page's elements (ask.js and its modules): text goes in as text only. */

export function el(tag, attributes, children) {
  var node = document.createElement(tag);
  Object.keys(attributes || {}).forEach(function (name) {
    var value = attributes[name];
    if (value === undefined || value === null || value === false) return;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  });
  (children || []).forEach(function (child) {
    if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  });
  return node;
}

var made = 0;
export function uid(prefix) { return (prefix || "ck") + "-" + (++made); }

export function small(attribute, text, label, extra) {
  var attributes = Object.assign({ type: "button", class: "ck-small", "aria-label": label, title: label }, extra || {});
  attributes[attribute] = "";
  attributes.text = text;
  return el("button", attributes);
}
