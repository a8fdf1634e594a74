#include "harness/cli/resume.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>
#include <nlohmann/json.hpp>

#include "harness/cli/run_support.hpp"

namespace arena {
namespace fs = std::filesystem;

namespace {

std::string text_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A resolved config without its thread count, in a canonical form.
std::string without_threads(const std::string& resolved) {
  YAML::Node node = YAML::Load(resolved);
  node.remove("threads");
  return YAML::Dump(node);
}

}  // namespace

Checkpoint checkpoint_to_resume(const StagedResults& staged, RunConfig& config) {
  std::optional<Checkpoint> c = read_checkpoint(staged.staging_dir());
  if (!c) throw InputError(staged.staging_dir().string() + ": no checkpoint");
  if (!config.seed) config.seed = c->seed;
  if (config_identity(config, c->seed) != c->config) {
    throw InputError(fmt::format(
        "{}: the config changed since the run was interrupted (compare {} with {}); resume with "
        "the same config and flags, or delete {} to start again",
        config.file, config.file, (staged.staging_dir() / kCheckpointFile).string(),
        staged.staging_dir().string()));
  }
  return *c;
}

std::optional<std::string> finished_run(const fs::path& final_dir, const RunConfig& config) {
  std::error_code ec;
  if (fs::exists(staging_dir_for(final_dir) / kCheckpointFile, ec)) return std::nullopt;
  const fs::path summary_file = final_dir / "summary.json";
  const fs::path resolved_file = final_dir / "config.resolved.yaml";
  if (!fs::exists(summary_file, ec) || !fs::exists(resolved_file, ec)) return std::nullopt;
  try {
    const auto summary = nlohmann::json::parse(text_of(summary_file));
    if (!summary.value("complete", false)) return std::nullopt;
    const std::string resolved = text_of(resolved_file);
    const uint64_t seed = config.seed ? *config.seed : YAML::Load(resolved)["seed"].as<uint64_t>();
    if (without_threads(config_identity(config, seed)) != without_threads(resolved)) {
      throw InputError(fmt::format(
          "{}: holds a finished run of a different config (compare {} with {}); nothing to "
          "resume: run without --resume to replace it, or give another --out",
          final_dir.string(), config.file, resolved_file.string()));
    }
    return fmt::format("{}: the run is already complete ({} games); nothing to resume",
                       final_dir.string(), summary.value("games", uint64_t{0}));
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // not readable as arena's results: resume says there is nothing
  } catch (const YAML::Exception&) {
    return std::nullopt;
  }
}

}  // namespace arena
