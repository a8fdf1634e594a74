#include "harness/output/svg_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace arena {
namespace {

std::string plain_number(double v) {
  return fmt::format("{:g}", v);
}

std::string coord(double v) {
  return fmt::format("{:.1f}", v);
}

// Tick values 1, 2 or 5 times a power of ten, about `target` of them.
std::vector<double> nice_ticks(double lo, double hi, int target = 6) {
  if (!(hi > lo)) return {lo};
  const double raw = (hi - lo) / target;
  const double magnitude = std::pow(10, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * magnitude;
    if (step >= raw) break;
  }
  std::vector<double> out;
  for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  return out;
}

}  // namespace

const std::string& chart_colour(int index) {
  static const std::vector<std::string> palette = {"#0072B2", "#E69F00", "#009E73", "#D55E00",
                                                   "#CC79A7", "#56B4E9", "#7f7f7f", "#000000"};
  return palette[static_cast<size_t>(index) % palette.size()];
}

SvgChart::SvgChart(std::string id, std::string title, ChartAxis x, ChartAxis y,
                   std::optional<ChartAxis> y2, ChartSize size)
    : id_(std::move(id)),
      title_(std::move(title)),
      x_(std::move(x)),
      y_(std::move(y)),
      y2_(std::move(y2)),
      size_(size) {
  if (!x_.categories.empty()) {
    x_.min = 0;
    x_.max = static_cast<double>(x_.categories.size());
  }
}

double SvgChart::px(double x) const {
  const double w = size_.width - size_.left - size_.right;
  double t = x_.log ? (std::log10(std::max(x, x_.min)) - std::log10(x_.min)) /
                          (std::log10(x_.max) - std::log10(x_.min))
                    : (x - x_.min) / (x_.max - x_.min);
  if (!std::isfinite(t)) t = 0;
  return size_.left + w * std::clamp(t, 0.0, 1.0);
}

double SvgChart::py(double y, bool right) const {
  const ChartAxis& axis = right && y2_ ? *y2_ : y_;
  const double h = size_.height - size_.top - size_.bottom;
  double t = axis.log ? (std::log10(std::max(y, axis.min)) - std::log10(axis.min)) /
                            (std::log10(axis.max) - std::log10(axis.min))
                      : (y - axis.min) / (axis.max - axis.min);
  if (!std::isfinite(t)) t = 0;
  return size_.top + h * (1 - std::clamp(t, 0.0, 1.0));
}

void SvgChart::add_line(const std::string& name,
                        const std::vector<std::pair<double, double>>& points, int colour,
                        bool dashed, bool right_axis) {
  std::string d;
  for (const auto& [x, y] : points)
    d += fmt::format("{}{},{} ", d.empty() ? "M" : "L", coord(px(x)), coord(py(y, right_axis)));
  lines_.push_back(
      {{"name", name}, {"d", d}, {"colour", chart_colour(colour)}, {"dash", dashed ? "6 4" : ""}});
}

void SvgChart::add_faint_line(const std::string& name,
                              const std::vector<std::pair<double, double>>& points) {
  add_line(name, points, 0);
  lines_.back()["colour"] = "#c9ccd3";
  lines_.back()["faint"] = true;
}

void SvgChart::add_bar(double x0, double x1, double y, int colour, const std::string& tip) {
  const double top = py(y), base = py(std::max(y_.min, 0.0));
  bars_.push_back({{"x", coord(px(x0))},
                   {"y", coord(std::min(top, base))},
                   {"w", coord(std::max(px(x1) - px(x0), 1.0))},
                   {"h", coord(std::abs(base - top))},
                   {"colour", chart_colour(colour)},
                   {"tip", tip}});
}

void SvgChart::add_whisker(double x, double lo, double hi) {
  whiskers_.push_back({{"x", coord(px(x))},
                       {"y1", coord(py(lo))},
                       {"y2", coord(py(hi))},
                       {"cap1", coord(px(x) - 6)},
                       {"cap2", coord(px(x) + 6)}});
}

void SvgChart::add_legend(const std::string& name, int colour, bool dashed) {
  legend_.push_back(
      {{"name", name}, {"colour", chart_colour(colour)}, {"dash", dashed ? "6 4" : ""}});
}

namespace {

// Legend entries in rows under the x axis's label, never over the data: each
// a 22-px stroke and its name (about 7 px a character), wrapped at the plot's
// width. Returns the entries with their places and the height they take.
std::pair<nlohmann::json, double> legend_rows(const nlohmann::json& entries,
                                              const ChartSize& size) {
  nlohmann::json placed = nlohmann::json::array();
  double x = size.left;
  int row = 0;
  for (nlohmann::json entry : entries) {
    const double width =
        22 + 8 + 7 * static_cast<double>(entry["name"].get<std::string>().size()) + 18;
    if (x > size.left && x + width > size.width - size.right) {
      x = size.left;
      ++row;
    }
    const double y = size.height + 8 + 18 * row;
    entry["x"] = coord(x);
    entry["text_x"] = coord(x + 22);
    entry["y"] = coord(y);
    entry["text_y"] = coord(y + 4);
    placed.push_back(entry);
    x += width;
  }
  return {placed, entries.empty() ? 0.0 : 18.0 * (row + 1) + 4};
}

}  // namespace

nlohmann::json SvgChart::ticks(const ChartAxis& axis, bool vertical, bool right) const {
  nlohmann::json out = nlohmann::json::array();
  std::vector<std::pair<double, std::string>> marks;
  if (!axis.categories.empty()) {
    for (size_t i = 0; i < axis.categories.size(); ++i)
      marks.emplace_back(static_cast<double>(i) + 0.5, axis.categories[i]);
  } else if (axis.log) {
    // Every decade, or every other one where a decade is too narrow for its label.
    const double length =
        vertical ? size_.height - size_.top - size_.bottom : size_.width - size_.left - size_.right;
    const double decades = std::log10(axis.max) - std::log10(axis.min);
    const double step = decades > 0 && length / decades < 44 ? 100 : 10;
    for (double v = std::pow(10, std::ceil(std::log10(axis.min))); v <= axis.max * 1.0001;
         v *= step)
      marks.emplace_back(v, (axis.format ? axis.format : plain_number)(v));
  } else {
    const bool over = !axis.over_label.empty();
    for (double v : nice_ticks(axis.min, over ? axis.over_at : axis.max))
      marks.emplace_back(v, (axis.format ? axis.format : plain_number)(v));
    if (over) marks.emplace_back(axis.max, axis.over_label);
  }
  for (const auto& [v, label] : marks) {
    if (vertical) {
      const double y = py(v, right);
      out.push_back({{"y", coord(y)},
                     {"text_y", coord(y + 4)},
                     {"x", coord(right ? size_.width - size_.right + 6 : size_.left - 6)},
                     {"label", label}});
    } else {
      const double x = px(v);
      out.push_back(
          {{"x", coord(x)}, {"text_y", coord(size_.height - size_.bottom + 18)}, {"label", label}});
    }
  }
  return out;
}

nlohmann::json SvgChart::view() const {
  nlohmann::json v;
  v["id"] = id_;
  v["title"] = title_;
  const auto [legend, legend_height] = legend_rows(legend_, size_);
  v["width"] = size_.width;
  v["height"] = size_.height + legend_height;
  v["title_x"] = coord(size_.width / 2);
  v["plot"] = {{"x", size_.left},
               {"y", size_.top},
               {"w", size_.width - size_.left - size_.right},
               {"h", size_.height - size_.top - size_.bottom},
               {"right", size_.width - size_.right},
               {"bottom", size_.height - size_.bottom}};
  v["x_label"] = {{"text", x_.label},
                  {"x", coord(size_.left + (size_.width - size_.left - size_.right) / 2)},
                  {"y", coord(size_.height - 12)}};
  const double mid_y = size_.top + (size_.height - size_.top - size_.bottom) / 2;
  v["y_label"] = {{"text", y_.label}, {"x", 16}, {"y", coord(mid_y)}};
  v["x_ticks"] = ticks(x_, false, false);
  v["y_ticks"] = ticks(y_, true, false);
  if (y2_) {
    v["y2_label"] = {
        {"text", y2_->label}, {"x", coord(size_.width - size_.right / 5)}, {"y", coord(mid_y)}};
    v["y2_ticks"] = ticks(*y2_, true, true);
  }
  v["lines"] = lines_;
  v["bars"] = bars_;
  v["whiskers"] = whiskers_;
  v["legend"] = legend;
  return v;
}

std::string percent_tick(double share) {
  return fmt::format("{:g}%", 100 * share);
}

}  // namespace arena
