// arena_bench's entry point: Google Benchmark's, plus a JSON copy of every run
// in results/bench/arena_bench.json (unless --benchmark_out names another
// file), so measurements can be compared and quoted later.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  bool has_out = false;
  for (int i = 1; i < argc; ++i)
    has_out = has_out || std::string(argv[i]).rfind("--benchmark_out=", 0) == 0;
  std::string out = "--benchmark_out=results/bench/arena_bench.json";
  std::string format = "--benchmark_out_format=json";
  if (!has_out) {
    std::error_code ignored;  // an unwritable folder only loses the copy
    std::filesystem::create_directories("results/bench", ignored);
    args.push_back(out.data());
    args.push_back(format.data());
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
