#include "harness/cli/flags.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "harness/config/config_error.hpp"

namespace arena {

std::string integer_error(const std::string& text, uint64_t min, uint64_t max, uint64_t& value) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  // from_chars reads no sign, so "-1" is refused here rather than wrapped around.
  if (text.empty() || ec == std::errc::invalid_argument || stop != end) {
    return "'" + text + "' is not a non-negative integer";
  }
  if (ec == std::errc::result_out_of_range || value < min || value > max) {
    return fmt::format("{} is out of range [{}, {}]", text, min, max);
  }
  return "";
}

std::string real_error(const std::string& text, double min, double max, double& value,
                       const std::string& range) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec == std::errc::invalid_argument || stop != end || !std::isfinite(value)) {
    return "'" + text + "' is not a number";
  }
  if (ec == std::errc::result_out_of_range || value < min || value > max) {
    return fmt::format("{} is out of range {}", text,
                       range.empty() ? fmt::format("[{}, {}]", min, max) : range);
  }
  return "";
}

std::string choice_error(const std::string& text, const std::vector<std::string>& choices) {
  if (std::find(choices.begin(), choices.end(), text) != choices.end()) return "";
  return fmt::format("'{}' is not one of {}{}", text, fmt::join(choices, " | "),
                     did_you_mean(text, choices));
}

CLI::Option* real_option(CLI::App* sub, const std::string& name, double& target, double min,
                         double max, const std::string& help, const std::string& range) {
  return sub
      ->add_option_function<std::string>(
          name,
          [&target, name, min, max, range](const std::string& text) {
            double value = 0;
            if (const std::string why = real_error(text, min, max, value, range); !why.empty())
              throw CLI::ValidationError(name, why);
            target = value;
          },
          help)
      ->type_name("X");
}

CLI::Option* choice_option(CLI::App* sub, const std::string& name, std::string& target,
                           const std::vector<std::string>& choices, const std::string& help) {
  return sub
      ->add_option_function<std::string>(
          name,
          [&target, name, choices](const std::string& text) {
            if (const std::string why = choice_error(text, choices); !why.empty())
              throw CLI::ValidationError(name, why);
            target = text;
          },
          help)
      ->type_name(fmt::format("{}", fmt::join(choices, "|")));
}

CLI::Option* counts_option(CLI::App* sub, const std::string& name, std::vector<uint64_t>& target,
                           int count, const std::string& help) {
  return sub
      ->add_option_function<std::vector<std::string>>(
          name,
          [&target, name](const std::vector<std::string>& texts) {
            std::vector<uint64_t> values;
            for (const std::string& text : texts) {
              uint64_t value = 0;
              if (const std::string why = integer_error(text, 0, UINT64_MAX, value); !why.empty())
                throw CLI::ValidationError(name, why);
              values.push_back(value);
            }
            target = std::move(values);
          },
          help)
      ->expected(count);
}

namespace {

class HelpFormatter : public CLI::Formatter {
 public:
  // A positional argument is shown by its placeholder ("CONFIG.yaml").
  std::string make_option_name(const CLI::Option* option, bool positional) const override {
    return positional ? option->get_type_name() : CLI::Formatter::make_option_name(option, false);
  }
  std::string make_option_opts(const CLI::Option* option) const override {
    std::string out;
    if (!option->get_positional() && option->get_type_size() != 0)
      out += " " + option->get_type_name();
    if (option->get_required()) out += " (required)";
    return out;
  }
  std::string make_option_usage(const CLI::Option* option) const override {
    return option->get_required() ? option->get_type_name() : "[" + option->get_type_name() + "]";
  }
};

// The subcommand the command line chose, if it got that far.
const CLI::App* chosen(const CLI::App& app) {
  const auto subs = app.get_subcommands();
  return subs.empty() ? nullptr : subs.front();
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  // CLI11 lists every subcommand (not only the parsed ones) through a non-const call only.
  for (const CLI::App* sub : const_cast<CLI::App&>(app).get_subcommands({}))
    names.push_back(sub->get_name());
  return names;
}

// "--out DIR", or "CONFIG.yaml" for a positional argument.
std::string shown(const CLI::Option& option) {
  if (option.get_lnames().empty() && option.get_snames().empty()) return option.get_type_name();
  return option.get_name() + " " + option.get_type_name();
}

// "unknown option '--gmaes' (did you mean '--games'?)" or "unexpected argument 'x'".
std::string extra_text(const CLI::App& app, const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-') return fmt::format("unexpected argument '{}'", arg);
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& l : option->get_lnames())
      names.push_back("--" + l);
    for (const std::string& s : option->get_snames())
      names.push_back("-" + s);
  }
  const std::string flag = arg.substr(0, arg.find('='));
  return fmt::format("unknown option '{}'{}", flag, did_you_mean(flag, names));
}

// Arena's words for a command line with no (known) subcommand.
std::string top_level_text(const CLI::App& app) {
  const std::vector<std::string> names = subcommand_names(app);
  const std::vector<std::string> extras = app.remaining();
  if (extras.empty()) {
    return fmt::format("no subcommand given; subcommands: {}", fmt::join(names, ", "));
  }
  if (extras.front().size() > 1 && extras.front()[0] == '-') return extra_text(app, extras.front());
  return fmt::format("unknown subcommand '{}'{}; subcommands: {}", extras.front(),
                     did_you_mean(extras.front(), names), fmt::join(names, ", "));
}

// The first required argument or option of `sub` that was not given.
const CLI::Option* missing(const CLI::App& sub) {
  for (const CLI::Option* option : sub.get_options())
    if (option->get_required() && option->count() == 0) return option;
  return nullptr;
}

// For "--wld: At least 3 required but received 2" and the like: what the
// option takes. CLI11 names the option before the first colon.
std::string values_text(const CLI::App& sub, const std::string& what) {
  const CLI::Option* option = sub.get_option_no_throw(what.substr(0, what.find(':')));
  if (!option) return what;
  const int count = option->get_expected_min();
  const std::string& name = option->get_name();
  if (count > 1)
    return fmt::format("{} takes exactly {} values: {}", name, count, option->get_type_name());
  if (what.find("At Most") != std::string::npos) return name + " is given more than once";
  return fmt::format("{} needs a value: {}", name, option->get_type_name());
}

// For "Could not convert: --quiet = maybe": CLI11 converts only flags' values here.
std::string conversion_text(const std::string& what) {
  const std::string prefix = "Could not convert: ";
  const size_t equals = what.find(" = ");
  if (what.rfind(prefix, 0) != 0 || equals == std::string::npos) return what;
  return fmt::format("{} takes no value, or true or false; got '{}'",
                     what.substr(prefix.size(), equals - prefix.size()), what.substr(equals + 3));
}

// "A excludes B" -> "A and B cannot be used together"; "A requires B" -> "A needs B too".
std::string pair_text(const std::string& what, const std::string& verb, const char* format) {
  const size_t at = what.find(verb);
  if (at == std::string::npos) return what;
  return fmt::format(fmt::runtime(format), what.substr(0, at), what.substr(at + verb.size()));
}

}  // namespace

std::shared_ptr<CLI::Formatter> help_formatter() {
  return std::make_shared<HelpFormatter>();
}

std::string usage_error(const CLI::App& app, const CLI::ParseError& error) {
  const CLI::App* sub = chosen(app);
  const std::string help =
      sub ? fmt::format("arena {} --help", sub->get_name()) : std::string("arena --help");
  const std::string what = error.what();
  std::string text = what;
  if (!sub) {
    if (dynamic_cast<const CLI::RequiredError*>(&error) ||
        dynamic_cast<const CLI::ExtrasError*>(&error))
      text = top_level_text(app);
  } else if (dynamic_cast<const CLI::RequiredError*>(&error)) {
    if (const CLI::Option* option = missing(*sub))
      text = fmt::format("{} needs {}", sub->get_name(), shown(*option));
  } else if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
    const std::vector<std::string> extras = sub->remaining();
    if (!extras.empty()) text = sub->get_name() + ": " + extra_text(*sub, extras.front());
  } else if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
    text = values_text(*sub, what);
  } else if (dynamic_cast<const CLI::ConversionError*>(&error)) {
    text = conversion_text(what);
  } else if (dynamic_cast<const CLI::ExcludesError*>(&error)) {
    text = pair_text(what, " excludes ", "{} and {} cannot be used together");
  } else if (dynamic_cast<const CLI::RequiresError*>(&error)) {
    text = pair_text(what, " requires ", "{} needs {} too");
  }
  return fmt::format("arena: {} (see '{}')", text, help);
}

}  // namespace arena
