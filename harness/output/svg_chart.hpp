// Geometry of simple SVG charts (lines, bars, error whiskers, one or two
// y axes, linear or log scales), built as data for the report template:
// the template draws the elements, this class only computes where they go.
//
// Contract: points are in data coordinates; anything outside an axis range
// is clamped to the plot area. view() returns the JSON the template's chart
// partial expects (see harness/output/report_template.html).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena {

// Tick labels of an axis of shares: 0.25 -> "25%".
std::string percent_tick(double share);

struct ChartAxis {
  std::string label;  // with its unit, e.g. "shots to sink the fleet"
  double min = 0;
  double max = 1;
  bool log = false;                         // log10 scale (min > 0)
  std::vector<std::string> categories;      // a category axis: values 0..n-1 at slot centres
  std::string (*format)(double) = nullptr;  // tick labels; plain numbers by default
  // A last slot past the data for values beyond it (e.g. "≥ 1000, cut off"):
  // ticks run to `over_at` and one tick at `max` carries this label.
  std::string over_label;
  double over_at = 0;

  static ChartAxis linear(std::string label, double min, double max,
                          std::string (*format)(double) = nullptr) {
    ChartAxis a;
    a.label = std::move(label);
    a.min = min;
    a.max = max;
    a.format = format;
    return a;
  }
  static ChartAxis logarithmic(std::string label, double min, double max,
                               std::string (*format)(double) = nullptr) {
    ChartAxis a = linear(std::move(label), min, max, format);
    a.log = true;
    return a;
  }
  static ChartAxis of_categories(std::string label, std::vector<std::string> names) {
    ChartAxis a = linear(std::move(label), 0, static_cast<double>(names.size()));
    a.categories = std::move(names);
    return a;
  }
};

// A chart's box and the margins around its plot, in px. The default is the
// full-width chart; small() is one panel of small multiples (one chart per
// variant on the same axes), about a quarter of the page's width.
struct ChartSize {
  double width = 760, height = 340;
  double left = 70, right = 70, top = 36, bottom = 56;
  static ChartSize small() { return {300, 200, 50, 58, 28, 46}; }
};

// A colour-blind-safe palette (Okabe and Ito); variant v gets colour v mod 8.
const std::string& chart_colour(int index);

class SvgChart {
 public:
  SvgChart(std::string id, std::string title, ChartAxis x, ChartAxis y,
           std::optional<ChartAxis> y2 = std::nullopt, ChartSize size = {});

  void add_line(const std::string& name, const std::vector<std::pair<double, double>>& points,
                int colour, bool dashed = false, bool right_axis = false);
  // A thin grey line behind the others: another variant's curve, for comparison.
  void add_faint_line(const std::string& name,
                      const std::vector<std::pair<double, double>>& points);
  // A bar over [x0, x1] from 0 to y, with a tooltip.
  void add_bar(double x0, double x1, double y, int colour, const std::string& tip);
  // A vertical error whisker at x from lo to hi.
  void add_whisker(double x, double lo, double hi);
  void add_legend(const std::string& name, int colour, bool dashed = false);

  nlohmann::json view() const;

 private:
  double px(double x) const;
  double py(double y, bool right = false) const;
  nlohmann::json ticks(const ChartAxis& axis, bool vertical, bool right) const;

  std::string id_, title_;
  ChartAxis x_, y_;
  std::optional<ChartAxis> y2_;
  ChartSize size_;
  nlohmann::json lines_ = nlohmann::json::array();
  nlohmann::json bars_ = nlohmann::json::array();
  nlohmann::json whiskers_ = nlohmann::json::array();
  nlohmann::json legend_ = nlohmann::json::array();
};

}  // namespace arena
