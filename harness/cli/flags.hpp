// Command-line values in Arena's words. CLI11 parses the command line; these
// options read their values themselves, so that every refusal is one line a
// user can act on ("--games: '-4' is not a non-negative integer") and --help
// shows a plain placeholder (N, S, MS) instead of CLI11's type and range
// texts. usage_error() rewords what CLI11 itself still refuses (a missing
// subcommand or argument, an unknown option, a wrong number of values).
//
// Contract: every option added here refuses negative numbers, text, and
// values out of its range by throwing CLI::ValidationError("--flag", why);
// nothing is assigned unless the value is valid.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace arena {

// Why `text` is not a plain decimal integer in [min, max] ("" when it is;
// then `value` holds it). Signs, spaces, fractions and exponents are refused.
std::string integer_error(const std::string& text, uint64_t min, uint64_t max, uint64_t& value);

// Why `text` is not a finite decimal number in [min, max] ("" when it is).
// `range` words the bounds in the message (default "[min, max]").
std::string real_error(const std::string& text, double min, double max, double& value,
                       const std::string& range = "");

// Why `text` is not one of `choices` ("" when it is), with a "did you mean".
std::string choice_error(const std::string& text, const std::vector<std::string>& choices);

namespace detail {
template <class T>
void assign(std::optional<T>& target, uint64_t value) {
  target = static_cast<T>(value);
}
template <class T>
void assign(T& target, uint64_t value) {
  target = static_cast<T>(value);
}
}  // namespace detail

// An integer option in [min, max] that sets `target` (a number, or an
// optional left empty unless given). Placeholder N unless `type_name` says.
template <class T>
CLI::Option* integer_option(CLI::App* sub, const std::string& name, T& target, uint64_t min,
                            uint64_t max, const std::string& help) {
  return sub
      ->add_option_function<std::string>(
          name,
          [&target, name, min, max](const std::string& text) {
            uint64_t value = 0;
            if (const std::string why = integer_error(text, min, max, value); !why.empty())
              throw CLI::ValidationError(name, why);
            detail::assign(target, value);
          },
          help)
      ->type_name("N");
}

// A path (an option, or a positional argument when `name` has no dashes) that
// sets `target` (a string or an optional one); an empty path is refused,
// named as `shown` ("CONFIG.yaml", "--out").
template <class T>
CLI::Option* path_option(CLI::App* sub, const std::string& name, T& target,
                         const std::string& type_name, const std::string& help) {
  const std::string shown = name.front() == '-' ? name : type_name;
  return sub
      ->add_option_function<std::string>(
          name,
          [&target, shown](const std::string& path) {
            if (path.empty()) throw CLI::ValidationError(shown, "the path is empty");
            target = path;
          },
          help)
      ->type_name(type_name);
}

// A number option in [min, max] that sets `target` (`range`: as in real_error).
CLI::Option* real_option(CLI::App* sub, const std::string& name, double& target, double min,
                         double max, const std::string& help, const std::string& range = "");

// An option whose value must be one of `choices`; sets `target`.
CLI::Option* choice_option(CLI::App* sub, const std::string& name, std::string& target,
                           const std::vector<std::string>& choices, const std::string& help);

// An option of exactly `count` non-negative integers (such as --wld W L D).
CLI::Option* counts_option(CLI::App* sub, const std::string& name, std::vector<uint64_t>& target,
                           int count, const std::string& help);

// The --help layout of arena: placeholders instead of CLI11's names and type
// texts ("CONFIG.yaml", "--wld W L D"), "(required)" in words, no
// "Excludes:"/"Needs:" columns (each option's help says what goes with it).
// Set on the app before its subcommands are added; they inherit it.
std::shared_ptr<CLI::Formatter> help_formatter();

// The one line (no newline) that `arena` prints for a command line CLI11
// refused with `error`, in Arena's words, ending with where to find help
// ("(see 'arena run --help')"). `app` is the whole command line's app.
std::string usage_error(const CLI::App& app, const CLI::ParseError& error);

}  // namespace arena
