#include "harness/output/template.hpp"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace arena {
namespace {

using Json = nlohmann::json;

struct Tag {
  size_t start = 0;  // position of "{{"
  size_t end = 0;    // position after "}}" (or "}}}")
  char kind = 0;     // 0 variable, '{' raw, '#' section, '^' inverted, '/' close, '!' comment
  std::string name;
};

std::string trim(std::string_view s) {
  const size_t a = s.find_first_not_of(" \t\n");
  if (a == std::string_view::npos) return "";
  const size_t b = s.find_last_not_of(" \t\n");
  return std::string(s.substr(a, b - a + 1));
}

// The next tag at or after `from`, or nullopt-like (start == npos).
Tag next_tag(std::string_view t, size_t from) {
  Tag tag;
  tag.start = t.find("{{", from);
  if (tag.start == std::string_view::npos) return tag;
  const bool triple = t.substr(tag.start, 3) == "{{{";
  const std::string_view closer = triple ? "}}}" : "}}";
  const size_t close = t.find(closer, tag.start + closer.size());
  if (close == std::string_view::npos) {
    throw std::invalid_argument(fmt::format("template: unclosed tag at offset {}", tag.start));
  }
  std::string_view inner = t.substr(tag.start + closer.size(), close - tag.start - closer.size());
  tag.end = close + closer.size();
  if (triple) {
    tag.kind = '{';
  } else if (!inner.empty() &&
             std::string_view("#^/!").find(inner.front()) != std::string_view::npos) {
    tag.kind = inner.front();
    inner.remove_prefix(1);
  }
  tag.name = trim(inner);
  return tag;
}

// Where the section opened by the tag ending at `from` closes: the matching
// {{/name}}, counting nested sections of the same name.
Tag matching_close(std::string_view t, size_t from, const std::string& name) {
  int depth = 1;
  for (Tag tag = next_tag(t, from); tag.start != std::string_view::npos;
       tag = next_tag(t, tag.end)) {
    if ((tag.kind == '#' || tag.kind == '^') && tag.name == name) ++depth;
    if (tag.kind == '/' && tag.name == name && --depth == 0) return tag;
  }
  throw std::invalid_argument(fmt::format("template: section '{}' is never closed", name));
}

const Json* lookup_in(const Json& context, const std::string& name) {
  if (name == ".") return &context;
  const Json* node = &context;
  size_t pos = 0;
  while (pos <= name.size()) {
    const size_t dot = std::min(name.find('.', pos), name.size());
    const std::string key = name.substr(pos, dot - pos);
    if (node->is_array() && !key.empty() &&
        key.find_first_not_of("0123456789") == std::string::npos) {
      const size_t index = std::stoul(key);  // list.0: the first element
      if (index >= node->size()) return nullptr;
      node = &(*node)[index];
    } else if (node->is_object() && node->contains(key)) {
      node = &(*node)[key];
    } else {
      return nullptr;
    }
    pos = dot + 1;
  }
  return node;
}

class Renderer {
 public:
  explicit Renderer(std::string_view t) : t_(t) {}

  void render(size_t from, size_t to, std::vector<const Json*>& stack, std::string& out) const {
    size_t pos = from;
    while (pos < to) {
      const Tag tag = next_tag(t_, pos);
      if (tag.start == std::string_view::npos || tag.start >= to) break;
      out.append(t_.substr(pos, tag.start - pos));
      pos = tag.end;
      switch (tag.kind) {
        case '!':
          break;
        case '/':
          throw std::invalid_argument(fmt::format("template: unexpected {{{{/{}}}}}", tag.name));
        case '#':
        case '^':
          pos = section(tag, stack, out);
          break;
        default:
          variable(tag, stack, out);
      }
    }
    if (pos < to) out.append(t_.substr(pos, to - pos));
  }

 private:
  const Json* lookup(const std::vector<const Json*>& stack, const std::string& name) const {
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
      if (const Json* found = lookup_in(**it, name)) return found;
    }
    return nullptr;
  }

  static bool truthy(const Json* v) {
    if (!v || v->is_null()) return false;
    if (v->is_boolean()) return v->get<bool>();
    // json::empty() is false for every string, "" included.
    if (v->is_string()) return !v->get_ref<const std::string&>().empty();
    if (v->is_array() || v->is_object()) return !v->empty();
    return true;
  }

  void variable(const Tag& tag, const std::vector<const Json*>& stack, std::string& out) const {
    const Json* v = lookup(stack, tag.name);
    if (!v || v->is_null()) return;
    const std::string text = v->is_string() ? v->get<std::string>() : v->dump();
    out += tag.kind == '{' ? text : html_escape(text);
  }

  // Renders a section; returns the position after its closing tag.
  size_t section(const Tag& open, std::vector<const Json*>& stack, std::string& out) const {
    const Tag close = matching_close(t_, open.end, open.name);
    const Json* v = lookup(stack, open.name);
    if (open.kind == '^') {
      if (!truthy(v)) render(open.end, close.start, stack, out);
    } else if (v && v->is_array()) {
      for (const Json& item : *v) {
        stack.push_back(&item);
        render(open.end, close.start, stack, out);
        stack.pop_back();
      }
    } else if (truthy(v)) {
      stack.push_back(v);
      render(open.end, close.start, stack, out);
      stack.pop_back();
    }
    return close.end;
  }

  std::string_view t_;
};

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_template(std::string_view tmpl, const nlohmann::json& data) {
  std::string out;
  std::vector<const Json*> stack{&data};
  Renderer(tmpl).render(0, tmpl.size(), stack, out);
  return out;
}

}  // namespace arena
