// A small Mustache-style template renderer over JSON data, so that the markup
// of reports lives in template files and the code only builds data.
//
// Supported: {{name}} (HTML-escaped value; numbers as written by JSON),
// {{{name}}} (unescaped), {{#name}}...{{/name}} (repeated for each element of
// a list, entered once for a truthy object or value, skipped for false, null,
// empty lists and empty strings), {{^name}}...{{/name}} (only when falsy),
// {{! comment}}, dotted names (a.b.c) and {{.}} for the current element.
// Names are looked up from the innermost context outwards. Contract: a
// malformed template (unclosed or mismatched section) throws
// std::invalid_argument naming the tag; a missing name renders as empty.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace arena {

std::string render_template(std::string_view tmpl, const nlohmann::json& data);

// The text with &, <, >, " and ' replaced by entities.
std::string html_escape(std::string_view text);

}  // namespace arena
