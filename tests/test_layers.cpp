// The source tree's layering, read from the #include lines of the sources:
// engines never include the harness, and the folders of harness/ include one
// another one way only (no cycle, however long).
//
//   build/tests/arena_tests "the folders of harness include each other one way"
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "harness/adapters/adapters.hpp"

namespace fs = std::filesystem;

namespace {

// (file, included path) for every #include "..." under `root`'s `folder`.
std::vector<std::pair<fs::path, std::string>> includes_under(const fs::path& root,
                                                             const std::string& folder) {
  static const std::regex kInclude(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::pair<fs::path, std::string>> out;
  for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
    const auto ext = entry.path().extension();
    if (ext != ".hpp" && ext != ".cpp" && ext != ".in") continue;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (std::regex_search(line, m, kInclude)) out.emplace_back(entry.path(), m[1].str());
    }
  }
  return out;
}

// The folder of harness/ a path lies in: "harness/cli/main.cpp" -> "cli".
std::string harness_folder(const std::string& path) {
  const auto first = path.find('/');
  const auto second = path.find('/', first + 1);
  return path.substr(first + 1, second - first - 1);
}

// A cycle through `from` in `graph` as "a -> b -> a", or "".
std::string cycle_from(const std::map<std::string, std::set<std::string>>& graph,
                       const std::string& node, std::vector<std::string>& path,
                       std::set<std::string>& done) {
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i] != node) continue;
    std::string text;
    for (size_t j = i; j < path.size(); ++j)
      text += path[j] + " -> ";
    return text + node;
  }
  if (done.count(node)) return "";
  path.push_back(node);
  if (graph.count(node)) {
    for (const std::string& next : graph.at(node)) {
      const std::string found = cycle_from(graph, next, path, done);
      if (!found.empty()) return found;
    }
  }
  path.pop_back();
  done.insert(node);
  return "";
}

}  // namespace

TEST_CASE("engines include nothing of the harness") {
  for (const auto& [file, included] : includes_under(ARENA_SOURCE_DIR, "engines")) {
    INFO(file.string() << " includes " << included);
    CHECK(included.rfind("harness/", 0) != 0);
  }
}

TEST_CASE("the folders of harness include each other one way") {
  const fs::path root = ARENA_SOURCE_DIR;
  std::map<std::string, std::set<std::string>> graph;  // folder -> folders it includes
  for (const auto& [file, included] : includes_under(root, "harness")) {
    if (included.rfind("harness/", 0) != 0) continue;
    const std::string from = harness_folder(fs::relative(file, root).generic_string());
    const std::string to = harness_folder(included);
    if (from != to) graph[from].insert(to);
  }
  REQUIRE(graph.size() >= 5);  // the scan found the folders
  std::set<std::string> done;
  for (const auto& [folder, uses] : graph) {
    std::vector<std::string> path;
    const std::string cycle = cycle_from(graph, folder, path, done);
    INFO("include cycle: " << cycle);
    CHECK(cycle.empty());
  }
  // The stack, bottom first, as the folders' headers state it.
  const std::vector<std::string> stack = {"registry", "config", "adapters", "runner", "stats",
                                          "output",   "train",  "tune",     "cli"};
  for (const auto& [folder, uses] : graph) {
    const auto level = std::find(stack.begin(), stack.end(), folder) - stack.begin();
    for (const std::string& used : uses) {
      const auto below = std::find(stack.begin(), stack.end(), used) - stack.begin();
      INFO(folder << " includes " << used);
      CHECK(below < level);
    }
  }
}

// Generic code decides by declared traits (ModeSpec::apart, EngineSpec::short_rules,
// ::perft, ::solve, ParamSpec::clock_budget), never by an engine's or a mode's
// name: the report once tested `mode == "solo" || engine == "rooks"`, check-bot
// `engine.name == "chinese-checkers"`, replay a parameter named time_ms.
TEST_CASE("No engine name, mode comparison or parameter name in the generic harness") {
  const fs::path root = ARENA_SOURCE_DIR;
  std::set<std::string> engines, modes;
  const arena::Registry registry = arena::make_registry();
  for (const arena::EngineSpec& e : registry.engines()) {
    engines.insert(e.name);
    for (const arena::ModeSpec& m : e.modes)
      modes.insert(m.name);
  }
  for (const char* folder : {"runner", "stats", "output", "cli"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / "harness" / folder)) {
      const std::string name = entry.path().filename().string();
      if (!entry.is_regular_file() || (!name.ends_with(".cpp") && !name.ends_with(".hpp")))
        continue;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        if (line.find("//") != std::string::npos) line = line.substr(0, line.find("//"));
        INFO(entry.path().string() << ":" << number << ": " << line);
        for (const std::string& engine : engines)
          CHECK(line.find('"' + engine + '"') == std::string::npos);
        for (const std::string& mode : modes) {
          CHECK(line.find("== \"" + mode + '"') == std::string::npos);
          CHECK(line.find("!= \"" + mode + '"') == std::string::npos);
        }
        CHECK(line.find("\"time_ms\"") == std::string::npos);
      }
    }
  }
}
