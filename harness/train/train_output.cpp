#include "harness/train/train_output.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "harness/output/svg_chart.hpp"
#include "harness/output/template.hpp"

namespace arena {

extern const char* const kTrainReportTemplate;  // train_report_template.html, embedded

namespace {

using Json = nlohmann::json;

const std::string& player_name(const TrainConfig& c, int p) {
  return c.run.players[static_cast<size_t>(p)].name;
}

Json settings_json(const TrainConfig& c) {
  Json opponents = Json::array();
  for (const int p : c.opponents)
    opponents.push_back(p == TrainConfig::kSelf ? "self" : player_name(c, p));
  Json against = Json::array();
  for (const int p : c.evaluate.against)
    against.push_back(player_name(c, p));
  return {{"variant", player_name(c, c.learner)},
          {"opponents", opponents},
          {"seats", c.seats},
          {"games", c.games},
          {"batch", c.batch},
          {"learning_rate", c.learning_rate},
          {"discount", c.discount},
          {"exploration", {{"start", c.exploration_start}, {"end", c.exploration_end}}},
          {"start", name_of<TrainStart>(kTrainStartNames, c.start)},
          {"evaluate",
           {{"against", against},
            {"seats", c.evaluate.seats},
            {"games", c.evaluate.games},
            {"every", c.evaluate.every},
            {"at", c.evaluate.at}}}};
}

Json point_json(const TrainConfig& c, const CurvePoint& p) {
  return {{"games", p.games},          {"opponent", player_name(c, p.opponent)},
          {"seats", c.evaluate.seats}, {"eval_games", p.eval_games},
          {"win_share", p.win_share},  {"win_share_ci95", {p.ci_low, p.ci_high}}};
}

}  // namespace

std::string policy_json(const TrainConfig& config, uint64_t seed, const TrainState& state) {
  const Json meta = {{"trained_by", "arena train"},
                     {"config", config.run.name},
                     {"seed", seed},
                     {"games", state.next_game},
                     {"updates", state.updates},
                     {"settings", settings_json(config)}};
  return state.table.to_json(meta).dump() + "\n";
}

Json train_json(const TrainConfig& config, uint64_t seed, const TrainState& state, bool complete,
                const TrainTiming& timing) {
  Json curve = Json::array();
  for (const CurvePoint& p : state.curve)
    curve.push_back(point_json(config, p));
  Json final_points = Json::array();  // the last point per opponent
  Json first_points = Json::array();
  for (const int o : config.evaluate.against) {
    const auto is_o = [&](const CurvePoint& p) { return p.opponent == o; };
    const auto first = std::find_if(state.curve.begin(), state.curve.end(), is_o);
    const auto last = std::find_if(state.curve.rbegin(), state.curve.rend(), is_o);
    if (first != state.curve.end()) first_points.push_back(point_json(config, *first));
    if (last != state.curve.rend()) final_points.push_back(point_json(config, *last));
  }
  const double rate = timing.wall_seconds > 0 ? state.next_game / timing.wall_seconds : 0;
  return {{"name", config.run.name},
          {"engine", config.run.engine},
          {"seed", seed},
          {"version", ARENA_VERSION},
          {"complete", complete},
          {"games", state.next_game},
          {"updates", state.updates},
          {"policy", kPolicyFile},
          {"settings", settings_json(config)},
          {"untrained", first_points},
          {"trained", final_points},
          {"curve", curve},
          {"timing",
           {{"threads", timing.threads},
            {"wall_seconds", timing.wall_seconds},
            {"games_per_second", rate}}}};
}

std::string curve_csv(const TrainConfig& config, const TrainState& state) {
  std::string out = "games,opponent,seats,eval_games,win_share,ci_low,ci_high\n";
  for (const CurvePoint& p : state.curve) {
    out +=
        fmt::format("{},{},{},{},{:.6f},{:.6f},{:.6f}\n", p.games, player_name(config, p.opponent),
                    config.evaluate.seats, p.eval_games, p.win_share, p.ci_low, p.ci_high);
  }
  return out;
}

std::string trained_config_yaml(const TrainConfig& config, uint64_t seed) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << config.run.name + "-trained";
  out << YAML::Key << "engine" << YAML::Value << "go-fish";
  out << YAML::Key << "seed" << YAML::Value << seed;
  out << YAML::Key << "games" << YAML::Value << 3000;
  out << YAML::Key << "format" << YAML::Value << "gauntlet";
  out << YAML::Key << "rules" << YAML::Value << YAML::Flow << YAML::BeginMap << YAML::Key << "seats"
      << YAML::Value << 3 << YAML::EndMap;
  out << YAML::Key << "players" << YAML::Value << YAML::BeginSeq;
  out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << "trained"
      << YAML::Key << "strategy" << YAML::Value << "q-learning" << YAML::Key << "params"
      << YAML::Value << YAML::BeginMap << YAML::Key << "policy" << YAML::Value << kPolicyFile
      << YAML::EndMap << YAML::EndMap;
  for (const char* s : {"random", "memory", "belief", "counting"})
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "strategy" << YAML::Value << s
        << YAML::EndMap;
  out << YAML::EndSeq << YAML::EndMap;
  return fmt::format(
      "# Written by arena train ({}): the trained policy (policy.json, beside this file)\n"
      "# against random, memory, belief and counting, at every table of three holding it\n"
      "# (format: gauntlet). Two seats: set rules.seats to 2.\n"
      "#   arena run RESULTS/{}\n{}\n",
      config.run.name, kTrainedConfig, out.c_str());
}

namespace {

// The learning curves: win share per opponent over training games up to
// `limit`, with 95% whiskers, and the fair share 1/seats dashed.
Json curve_chart(const Json& train, double limit, const std::string& id, const std::string& title) {
  const Json& curve = train["curve"];
  double max_games = 1, hi = 0;
  for (const Json& p : curve) {
    if (p["games"].get<double>() > limit) continue;
    max_games = std::max(max_games, p["games"].get<double>());
    hi = std::max(hi, p["win_share_ci95"][1].get<double>());
  }
  const double fair = 1.0 / train["settings"]["evaluate"]["seats"].get<double>();
  // Headroom: the legend (one row per opponent and the fair share, 16 px a
  // row, in the top right of a 248 px high plot: harness/output/svg_chart.cpp)
  // sits above every whisker.
  const double rows = static_cast<double>(train["settings"]["evaluate"]["against"].size()) + 1;
  const double legend = (16 * rows + 12) / 248;
  const double top = std::max(hi, fair);
  SvgChart chart(
      id, title, ChartAxis::linear("training games", 0, max_games),
      ChartAxis::linear("win share (ties split), 95% interval", 0,
                        std::max(std::min(1.0, top + 0.2), top / (1 - legend)), percent_tick));
  int colour = 0;
  for (const Json& name : train["settings"]["evaluate"]["against"]) {
    std::vector<std::pair<double, double>> points;
    for (const Json& p : curve) {
      if (p["opponent"] != name || p["games"].get<double>() > limit) continue;
      const double x = p["games"].get<double>();
      points.emplace_back(x, p["win_share"].get<double>());
      chart.add_whisker(x, p["win_share_ci95"][0].get<double>(),
                        p["win_share_ci95"][1].get<double>());
    }
    chart.add_line(name.get<std::string>(), points, colour);
    chart.add_legend("against " + name.get<std::string>(), colour++);
  }
  chart.add_line("fair share", {{0, fair}, {max_games, fair}}, 7, true);
  chart.add_legend(
      fmt::format("fair share (1/{})", train["settings"]["evaluate"]["seats"].get<int>()), 7, true);
  return chart.view();
}

// The whole curve; and, when evaluate.at asks for points early on, the curve
// up to the last of them on a scale of its own (a linear scale of the whole
// squeezes the first rise into a corner).
Json curve_charts(const Json& train) {
  Json charts =
      Json::array({curve_chart(train, std::numeric_limits<double>::infinity(), "learning-curve",
                               "Learning curve: the greedy policy on fixed deals")});
  const Json& at = train["settings"]["evaluate"]["at"];
  if (at.size() >= 3) {
    const auto early = at.back().get<uint64_t>();
    charts.push_back(curve_chart(train, static_cast<double>(early), "learning-curve-early",
                                 fmt::format("The first {} training games", early)));
  }
  return charts;
}

Json row_of(const Json& p) {
  return {{"games", p["games"]},
          {"opponent", p["opponent"]},
          {"share", fmt::format("{:.1f}%", 100 * p["win_share"].get<double>())},
          {"ci", fmt::format("{:.1f}% – {:.1f}%", 100 * p["win_share_ci95"][0].get<double>(),
                             100 * p["win_share_ci95"][1].get<double>())}};
}

}  // namespace

std::string render_train_report(const Json& train) {
  Json rows = Json::array(), final_rows = Json::array();
  for (const Json& p : train["curve"])
    rows.push_back(row_of(p));
  for (size_t i = 0; i < train["trained"].size(); ++i) {
    Json row = row_of(train["trained"][i]);
    row["untrained"] = row_of(train["untrained"][i])["share"];
    final_rows.push_back(row);
  }
  const Json data = {
      {"train", train},
      {"settings_text", train["settings"].dump(2)},
      {"final", final_rows},
      {"rows", rows},
      {"charts", curve_charts(train)},
      {"wall", fmt::format("{:.1f} s", train["timing"]["wall_seconds"].get<double>())}};
  return render_template(kTrainReportTemplate, data);
}

}  // namespace arena
