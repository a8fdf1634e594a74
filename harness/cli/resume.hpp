// `arena run --resume`: what there is to resume.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "harness/cli/checkpoint.hpp"
#include "harness/config/config.hpp"
#include "harness/output/results_dir.hpp"

namespace arena {

// The checkpoint of the interrupted run in `staged`, checked against the
// config as given now (a config without a seed takes the seed the run drew).
// Throws InputError when there is none or the config changed.
Checkpoint checkpoint_to_resume(const StagedResults& staged, RunConfig& config);

// When `final_dir` holds the finished results of this config (and no
// interrupted run waits beside it), the line that says so; otherwise nullopt.
// Throws InputError when it holds a finished run of another config.
std::optional<std::string> finished_run(const std::filesystem::path& final_dir,
                                        const RunConfig& config);

}  // namespace arena
