// MPI support (ARENA_MPI): see distributed.hpp for the protocol's contract.
//
// Messages: rank 0 broadcasts the run (a status word, then the resolved
// config) and then one command per round {kRound, begin, end} or {kDone}.
// After each round every worker sends rank 0 one JSON text (its counts, its
// forfeits, or the error that stopped it) and then one text per per-game
// stream (harness/runner/game_streams.hpp: games.csv rows, recorded moves).
// A text is its length (one uint64) and then its bytes in messages of at
// most the run's chunk (kMessageBytes unless rank 0 says otherwise in the
// run's header), all under the text's tag: MPI keeps them in order.
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <tbb/info.h>
#include <nlohmann/json.hpp>

#include "engines/core/bot_link.hpp"
#include "harness/cli/distributed.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/config/config.hpp"
#include "harness/output/results_dir.hpp"

namespace arena {
namespace {

using Json = nlohmann::json;

// A strategy's message may hold any bytes: never let them stop a report.
std::string dump(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The first word of the run's header, then of each round's command.
constexpr int64_t kNoRun = 0;
constexpr int64_t kRun = 1;
constexpr int64_t kDone = 0;
constexpr int64_t kRound = 1;
constexpr int kTagReport = 1;
// Stream s's text (GameStream) goes under tag kTagStreams + s.
constexpr int kTagStreams = 2;

int stream_tag(size_t s) {
  return kTagStreams + static_cast<int>(s);
}

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
    if (std::getenv(name)) return true;
  }
  return false;
}

bool initialised() {
  int flag = 0;
  MPI_Initialized(&flag);
  int finalised = 0;
  MPI_Finalized(&finalised);
  return flag && !finalised;
}

void broadcast(std::array<int64_t, 3>& words) {
  MPI_Bcast(words.data(), 3, MPI_INT64_T, 0, MPI_COMM_WORLD);
}

// The largest message of a text, in bytes (at most INT_MAX: MPI counts are int).
uint64_t chunk_bytes(uint64_t wanted) {
  return std::clamp<uint64_t>(wanted, 1, static_cast<uint64_t>(std::numeric_limits<int>::max()));
}

// Sends `bytes` to rank 0: its length, then pieces of at most `chunk` bytes.
void send_bytes(const std::string& bytes, int tag, uint64_t chunk) {
  const uint64_t size = bytes.size();
  MPI_Send(&size, 1, MPI_UINT64_T, 0, tag, MPI_COMM_WORLD);
  for (uint64_t at = 0; at < size; at += chunk) {
    const auto count = static_cast<int>(std::min(chunk, size - at));
    MPI_Send(bytes.data() + at, count, MPI_BYTE, 0, tag, MPI_COMM_WORLD);
  }
}

// A text send_bytes sent: its length, then its pieces, whatever their size.
std::string receive_bytes(int source, int tag) {
  uint64_t size = 0;
  MPI_Recv(&size, 1, MPI_UINT64_T, source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  std::string bytes(static_cast<size_t>(size), '\0');
  for (uint64_t at = 0; at < size;) {
    MPI_Status status;
    MPI_Probe(source, tag, MPI_COMM_WORLD, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    if (count <= 0 || static_cast<uint64_t>(count) > size - at) {
      throw std::runtime_error(
          fmt::format("MPI rank {}: a message of {} bytes where {} of {} were left", source, count,
                      size - at, size));
    }
    MPI_Recv(bytes.data() + at, count, MPI_BYTE, source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    at += static_cast<uint64_t>(count);
  }
  return bytes;
}

// Rank `rank`'s slice of the round [begin, end): contiguous whole series.
std::pair<uint64_t, uint64_t> slice_of(uint64_t begin, uint64_t end, uint64_t series, int rank,
                                       int ranks) {
  const uint64_t count = (end - begin + series - 1) / series;
  const auto at = [&](int r) {
    return std::min(end, begin + count * static_cast<uint64_t>(r) / ranks * series);
  };
  return {at(rank), at(rank + 1)};
}

// The plan for one slice: no stop checks, interrupts or checkpoints of its
// own (rank 0 does those between rounds).
RunPlan slice_plan(const RunPlan& plan, std::pair<uint64_t, uint64_t> slice) {
  RunPlan part;
  part.first_game = slice.first;
  part.games = slice.second;
  part.threads = plan.threads;
  part.variant_names = plan.variant_names;
  part.decision_budget_ns = plan.decision_budget_ns;
  part.bots = plan.bots;  // the rank's own programs
  part.moves = plan.moves;
  return part;
}

Json forfeits_json(const std::vector<ForfeitNote>& notes) {
  Json out = Json::array();
  for (const ForfeitNote& n : notes)
    out.push_back({n.game, n.variant, static_cast<int>(n.fault), n.detail, n.forfeited});
  return out;
}

// What a worker needs to play slices.
struct WorkerRun {
  uint64_t chunk = kMessageBytes;  // rank 0's: the largest message of a text
  RunConfig config;
  std::unique_ptr<BotPool> bots;  // a worker's own programs for external strategies
  std::unique_ptr<Match> match;
  RunPlan plan;
};

// Where this worker's bots write their stderr (bots/ below it): rank 0's
// `results` folder when this node reaches it (one machine, or a shared file
// system), else a folder of its own in the temporary directory, named once
// on stderr. Empty when the config has no external player.
std::filesystem::path worker_log_dir(const RunConfig& config, const std::string& results) {
  namespace fs = std::filesystem;
  const bool bots = std::any_of(config.players.begin(), config.players.end(),
                                [](const PlayerConfig& p) { return p.strategy == kExternalName; });
  if (!bots) return {};
  std::error_code ec;
  if (!results.empty() && fs::is_directory(results, ec) && ::access(results.c_str(), W_OK) == 0)
    return results;
  fs::path temp = fs::temp_directory_path(ec);
  if (ec) temp = "/tmp";
  const fs::path own = temp / fmt::format("arena-{}-rank{}", config.name, world_rank());
  fmt::print(stderr,
             "arena: MPI rank {}: cannot write to the results folder {} from here, so its bots' "
             "stderr goes to {}\n",
             world_rank(), results, (own / "bots").string());
  return own;
}

// `file` is rank 0's absolute config path: files the config names (rook
// boards) are found relative to it, as on rank 0. `results`: rank 0's
// results folder (worker_log_dir).
WorkerRun prepare_worker(const std::string& yaml, const std::string& file,
                         const std::string& results, const Registry& registry) {
  WorkerRun run;
  run.config = parse_config(yaml, file, registry);
  PreparedRun prepared =
      prepare_run(registry, run.config, *run.config.seed, run.config.threads,
                  worker_log_dir(run.config, results), fmt::format(".rank{}", world_rank()));
  run.bots = std::move(prepared.bots);
  run.match = std::move(prepared.match);
  run.plan = std::move(prepared.plan);
  if (run.bots) {
    // As rank 0 does: a program that never gets to its hello stops the run
    // (rank 0 reports it, exit 1), and a log in a staging folder without a
    // checkpoint (which goes with the run) is kept elsewhere.
    const bool kept = std::filesystem::exists(std::filesystem::path(results) / kCheckpointName);
    run.bots->start_all(kept ? std::filesystem::path() : std::filesystem::path(results));
  }
  return run;
}

// A worker's reply for one round: its counts and each stream's text, or why it has none.
struct SliceReply {
  std::string report;
  StreamTexts texts;
};
SliceReply play_slice(const WorkerRun* run, const std::string& error, uint64_t begin,
                      uint64_t end) {
  if (!run) return {dump(Json{{"error", error}}), {}};
  try {
    RunPlan part = slice_plan(
        run->plan, slice_of(begin, end, run->match->series_length(), world_rank(), world_size()));
    std::vector<ForfeitNote> notes;
    part.on_forfeit = [&](const ForfeitNote& note) { notes.push_back(note); };
    MemoryWriter out;
    const RunStats stats = run_games(*run->match, part, &out, nullptr);
    return {dump(Json{{"stats", stats.to_json()}, {"forfeits", forfeits_json(notes)}}),
            std::move(out.texts)};
  } catch (const std::exception& e) {
    return {dump(Json{{"error", e.what()}}), {}};
  }
}

}  // namespace

MpiSession::MpiSession(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  // Only the main thread calls MPI; oneTBB's workers never do.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
}

MpiSession::~MpiSession() {
  if (initialised()) MPI_Finalize();
}

int world_rank() {
  if (!initialised()) return 0;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

int world_size() {
  if (!initialised()) return 1;
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

void Workers::start(const std::string& resolved_yaml, const std::string& config_file,
                    const std::filesystem::path& results_dir) {
  if (world_size() < 2) return;
  std::string text =
      dump(Json{{"file", std::filesystem::absolute(config_file).string()},
                {"results", std::filesystem::absolute(results_dir).string()},
                {"chunk", chunk_bytes(bytes_from_env("ARENA_MPI_CHUNK_BYTES", kMessageBytes))},
                {"yaml", resolved_yaml}});
  if (text.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    throw std::runtime_error("the resolved config is over 2 GiB: too large to send to MPI ranks");
  std::array<int64_t, 3> header = {kRun, static_cast<int64_t>(text.size()), 0};
  broadcast(header);
  MPI_Bcast(text.data(), static_cast<int>(text.size()), MPI_BYTE, 0, MPI_COMM_WORLD);
  told_ = true;
}

Workers::~Workers() {
  if (world_size() < 2) return;
  std::array<int64_t, 3> words = {told_ ? kDone : kNoRun, 0, 0};
  broadcast(words);  // after start(): the end of the rounds; before: no run at all
}

namespace {

// Appends the workers' streams, counts and forfeit notes of one round, rank by
// rank; returns the bytes of their streams. Every worker's messages are
// received before any error is raised: a worker left blocked in a send would
// hang the end of the job.
uint64_t merge_workers(const RunPlan& plan, std::exception_ptr own_error, GameWriter* out,
                       RunStats& total) {
  const int ranks = world_size();
  std::vector<Json> reports;  // small: counts only; the streams follow one rank at a time
  for (int r = 1; r < ranks; ++r)
    reports.push_back(Json::parse(receive_bytes(r, kTagReport)));
  const auto failed = std::find_if(reports.begin(), reports.end(),
                                   [](const Json& report) { return report.contains("error"); });
  if (own_error || failed != reports.end()) {
    for (int r = 1; r < ranks; ++r)
      for (size_t s = 0; s < kGameStreams; ++s)
        receive_bytes(r, stream_tag(s));
    if (own_error) std::rethrow_exception(own_error);
    throw std::runtime_error(fmt::format("MPI rank {}: {}", failed - reports.begin() + 1,
                                         (*failed)["error"].get<std::string>()));
  }
  uint64_t bytes = 0;
  for (int r = 1; r < ranks; ++r) {
    const Json& report = reports[static_cast<size_t>(r - 1)];
    StreamTexts texts;
    for (size_t s = 0; s < kGameStreams; ++s) {
      texts[s] = receive_bytes(r, stream_tag(s));
      bytes += texts[s].size();
    }
    total += RunStats::from_json(report["stats"]);
    if (out) out->write(texts);
    if (!plan.on_forfeit) continue;
    for (const Json& n : report["forfeits"]) {
      plan.on_forfeit({n[0].get<uint64_t>(), n[1].get<int>(), static_cast<Fault>(n[2].get<int>()),
                       n[3].get<std::string>(), n[4].get<bool>()});
    }
  }
  return bytes;
}

// Passes rank 0's own streams on to the run's writer, counting their bytes.
class CountingWriter final : public GameWriter {
 public:
  explicit CountingWriter(GameWriter& out) : out_(out) {}
  void write(const StreamTexts& texts) override {
    for (const std::string& text : texts)
      bytes_ += text.size();
    out_.write(texts);
  }
  uint64_t take() { return std::exchange(bytes_, 0); }

 private:
  GameWriter& out_;
  uint64_t bytes_ = 0;
};

}  // namespace

RunStats run_games_distributed(const Match& match, const RunPlan& plan, GameWriter* out,
                               Progress* progress) {
  const int ranks = world_size();
  if (ranks < 2) return run_games(match, plan, out, progress);
  const uint64_t series = match.series_length();
  RunStats total = plan.initial
                       ? *plan.initial
                       : RunStats(static_cast<int>(plan.variant_names.size()),
                                  static_cast<int>(match.metrics().size()),
                                  std::max<int>(1, static_cast<int>(match.groups().size())));
  // Rounds are whole multiples of `unit`, so no slice starts inside a series
  // (rounds also end at stop checks and at the end, both series boundaries).
  RoundSizer rounds(series * static_cast<uint64_t>(ranks), ranks,
                    bytes_from_env("ARENA_MPI_ROUND_BYTES", kRoundBytesPerRank));
  std::optional<CountingWriter> counted;
  if (out) counted.emplace(*out);
  GameWriter* own_out = out ? &*counted : nullptr;
  for (uint64_t next = plan.first_game; next < plan.games;) {
    if (plan.interrupt && plan.interrupt->load()) break;
    uint64_t end = std::min(plan.games, next + rounds.games());
    if (plan.check_every > 0) end = std::min(end, (next / plan.check_every + 1) * plan.check_every);
    const auto start = std::chrono::steady_clock::now();
    std::array<int64_t, 3> command = {kRound, static_cast<int64_t>(next),
                                      static_cast<int64_t>(end)};
    broadcast(command);

    RunPlan own = slice_plan(plan, slice_of(next, end, series, 0, ranks));
    own.on_forfeit = plan.on_forfeit;
    std::exception_ptr own_error;
    try {
      total += run_games(match, own, own_out, nullptr);  // rank 0's slice comes first in game order
    } catch (...) {
      own_error = std::current_exception();
    }
    uint64_t bytes = merge_workers(plan, own_error, out, total);
    if (counted) bytes += counted->take();
    if (progress) progress->add(end - next);
    // Checked before on_merged, as run_games does: a checkpoint taken there
    // holds this check (its LLR in the history a resume goes on with).
    const bool stop = plan.check_every > 0 && end % plan.check_every == 0 && plan.stop_when(total);
    if (plan.on_merged) plan.on_merged(total, end);
    const uint64_t played = end - next;
    next = end;
    if (stop) break;
    rounds.observed(played,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                    bytes);
  }
  return total;
}

int serve_as_worker(const Registry& registry) {
  const InterruptGuard guard;  // a first Ctrl-C is rank 0's to act on; a second one exits
  std::array<int64_t, 3> header{};
  broadcast(header);
  if (header[0] == kNoRun) return 0;  // rank 0 reports why
  std::string text(static_cast<size_t>(header[1]), '\0');
  MPI_Bcast(text.data(), static_cast<int>(text.size()), MPI_BYTE, 0, MPI_COMM_WORLD);
  std::unique_ptr<WorkerRun> run;
  std::string error;
  try {
    const Json sent = Json::parse(text);
    run = std::make_unique<WorkerRun>(
        prepare_worker(sent.at("yaml").get<std::string>(), sent.at("file").get<std::string>(),
                       sent.at("results").get<std::string>(), registry));
    run->chunk = chunk_bytes(sent.at("chunk").get<uint64_t>());
  } catch (const std::exception& e) {
    error = e.what();  // told to rank 0 at the first round
  }
  while (true) {
    std::array<int64_t, 3> command{};
    broadcast(command);
    if (command[0] == kDone) return error.empty() ? 0 : 1;
    const SliceReply reply = play_slice(run.get(), error, static_cast<uint64_t>(command[1]),
                                        static_cast<uint64_t>(command[2]));
    const uint64_t chunk = run ? run->chunk : kMessageBytes;
    send_bytes(reply.report, kTagReport, chunk);
    for (size_t s = 0; s < kGameStreams; ++s)
      send_bytes(reply.texts[s], stream_tag(s), chunk);
  }
}

bool built_with_mpi() {
  return true;
}

}  // namespace arena
