#include "gpu/pipeline/filter_chain.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>
#include <unordered_map>

#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/core/text.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc {

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator = ", ") {
  std::string text;
  for (const auto& item : items) {
    if (!text.empty()) text += separator;
    text += item;
  }
  return text;
}

[[noreturn]] void fail(const std::string& message) { throw InvalidArgument("--filters: " + message); }

// What the user wrote, as a message quotes it: safe for a terminal, cut when long.
std::string quoted(std::string_view text) { return quotedText(text, 200); }

std::string formatFloat(float value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest round-trip form
  return ec == std::errc() ? std::string(buffer, end) : std::string("0");
}

// "conv size", "gray weights": how messages name a parameter.
std::string nameOf(const StageDefinition& stage, const ParamDescriptor& param) { return stage.id + " " + param.id; }

std::string intRange(const ParamDescriptor& param) {
  return std::to_string(param.minValue) + ".." + std::to_string(param.maxValue);
}

std::string formatDouble(double value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest round-trip form
  return ec == std::errc() ? std::string(buffer, end) : std::string("0");
}

std::string realRange(const ParamDescriptor& param) {
  return formatDouble(param.minReal) + ".." + formatDouble(param.maxReal);
}

int assignmentsIndex(const StageDefinition& definition) {
  for (std::size_t i = 0; i < definition.params.size(); ++i)
    if (definition.params[i].type == ParamType::Assignments) return static_cast<int>(i);
  return -1;
}

// Checks one value against its descriptor and returns its canonical text.
std::string canonicalValue(const StageDefinition& stage, const ParamDescriptor& param, std::string_view text) {
  text = trim(text);
  const std::string what = nameOf(stage, param);
  switch (param.type) {
    case ParamType::Choice:
      for (const auto& choice : param.choices)
        if (text == choice) return choice;
      fail("unknown " + what + " " + quoted(text) + " (expected one of: " + joined(param.choices) + ")");
    case ParamType::Int: {
      int value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (text.empty() || (ec != std::errc() && ec != std::errc::result_out_of_range) ||
          end != text.data() + text.size())
        fail(what + " " + quoted(text) + " is not an integer (expected " + intRange(param) + ")");
      if (ec == std::errc::result_out_of_range || value < param.minValue || value > param.maxValue)
        fail(what + " " + std::string(text) + " is out of range (expected " + intRange(param) + ")");
      if (param.step > 1 && (value - param.minValue) % param.step != 0) {
        if (param.step == 2 && param.minValue % 2 != 0)
          fail(what + " " + std::to_string(value) + " is even (expected an odd number in " + intRange(param) + ")");
        fail(what + " " + std::to_string(value) + " is off the steps of " + std::to_string(param.step) + " from " +
             std::to_string(param.minValue));
      }
      return std::to_string(value);
    }
    case ParamType::FloatList: {
      std::string canonical;
      for (std::string_view token : split(text, ' ')) {
        token = trim(token);
        if (token.empty()) continue;
        float value = 0;
        const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (end != token.data() + token.size() || (ec != std::errc() && ec != std::errc::result_out_of_range))
          fail(what + " " + quoted(token) + " is not a number");
        // A number a float cannot hold (1e308, 1e-320): say so, not "not a number".
        if (ec == std::errc::result_out_of_range)
          fail(what + " " + quoted(token) +
               " is out of range (a weight is a float: about 1.2e-38 .. 3.4e38 in size, or 0)");
        if (!std::isfinite(value)) fail(what + " " + quoted(token) + " is not finite (NaN or Inf)");
        if (!canonical.empty()) canonical += ' ';
        canonical += formatFloat(value);
      }
      return canonical;
    }
    case ParamType::Text:
      if (text.find_first_of(",:") != std::string_view::npos)
        fail(what + " " + quoted(text) + " may not contain ',' or ':'");
      return std::string(text);
    case ParamType::Float: {
      double value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        fail(what + " " + quoted(text) + " is not a number (expected " + realRange(param) + ")");
      if (value < param.minReal || value > param.maxReal)
        fail(what + " " + std::string(text) + " is out of range (expected " + realRange(param) + ")");
      return formatDouble(value);
    }
    case ParamType::Assignments: {
      // NAME=VALUE tokens, trimmed; the stage's configure checks names and values against its
      // instanceParams (only it knows them before it is configured).
      std::string canonical;
      for (std::string_view token : split(text, ':')) {
        token = trim(token);
        if (token.empty()) continue;
        const std::size_t equals = token.find('=');
        if (equals == std::string_view::npos || equals == 0) fail(what + " " + quoted(token) + ": expected NAME=VALUE");
        if (token.find(',') != std::string_view::npos) fail(what + " " + quoted(token) + " may not contain ','");
        if (!canonical.empty()) canonical += ':';
        canonical += std::string(trim(token.substr(0, equals))) + "=" + std::string(trim(token.substr(equals + 1)));
      }
      return canonical;
    }
  }
  return std::string(text);
}

// "gray=lab|bt601|bt709", "conv=PRESET:SIZE[:WEIGHTS if preset custom]:BORDER": short choice lists
// inline, longer ones by name (the help lists them under the stage).
std::string syntaxOf(const StageDefinition& stage) {
  std::string text;
  for (const auto& param : stage.params) {
    if (param.type == ParamType::Assignments) {
      text += "[:NAME=VALUE]...";
      continue;
    }
    std::string part =
        param.type == ParamType::Choice && param.choices.size() <= 3 ? joined(param.choices, "|") : param.displayName;
    if (part == param.displayName)
      for (char& c : part) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (param.onlyWhenParam.empty()) {
      text += (text.empty() ? "" : ":") + part;
    } else {
      text += "[:" + part + " if " + param.onlyWhenParam + " " + param.onlyWhenValue + "]";
    }
  }
  return text.empty() ? stage.id : stage.id + "=" + text;
}

// Builds the spec (values complete, config made) or throws with the stage text as context.
StageSpec configured(const StageDefinition& definition, std::vector<std::string> values, std::string_view context) {
  StageSpec spec;
  spec.definition = &definition;
  spec.values = std::move(values);
  try {
    spec.config = definition.configure(spec);
  } catch (const InvalidArgument& e) {
    std::string message = e.what();
    const std::string prefix = "--filters: ";
    if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
    fail(quoted(context) + ": " + printableText(message));  // a stage's own words may quote a file name
  }
  return spec;
}

const StageDefinition& definitionOf(std::string_view name) {
  if (const StageDefinition* definition = stageRegistry().find(name)) return *definition;
  fail("unknown stage " + quoted(name) + " (known stages: " + joined(stageRegistry().ids()) + ")");
}

}  // namespace

const std::string& StageSpec::id() const {
  KC_REQUIRE(definition, "StageSpec: no definition");
  return definition->id;
}

const std::string& StageSpec::value(std::string_view param) const {
  KC_REQUIRE(definition, "StageSpec: no definition");
  for (std::size_t i = 0; i < definition->params.size() && i < values.size(); ++i)
    if (definition->params[i].id == param) return values[i];
  throw InvalidArgument("stage '" + definition->id + "' has no parameter '" + std::string(param) + "'");
}

bool StageSpec::operator==(const StageSpec& other) const {
  return definition == other.definition && values == other.values;
}

bool paramInEffect(const StageDefinition& definition, const ParamDescriptor& param,
                   const std::vector<std::string>& values) {
  if (param.onlyWhenParam.empty()) return true;
  for (std::size_t i = 0; i < definition.params.size() && i < values.size(); ++i)
    if (definition.params[i].id == param.onlyWhenParam) return values[i] == param.onlyWhenValue;
  return false;
}

StageSpec makeStage(const StageDefinition& definition, std::vector<std::string> values) {
  values.resize(definition.params.size());
  for (std::size_t i = 0; i < definition.params.size(); ++i) {
    const ParamDescriptor& param = definition.params[i];
    if (!paramInEffect(definition, param, values)) {
      values[i].clear();
      continue;
    }
    if (values[i].empty()) values[i] = param.defaultValue;
    if (!values[i].empty() || param.type != ParamType::FloatList)
      values[i] = canonicalValue(definition, param, values[i]);
  }
  StageSpec spec;
  spec.definition = &definition;
  spec.values = values;
  return configured(definition, std::move(values), formatStage(spec));
}

StageSpec makeStage(std::string_view id) { return makeStage(definitionOf(id), {}); }

StageSpec parseStage(std::string_view text) {
  text = trim(text);
  if (text.empty()) fail("empty stage (two commas in a row, or a trailing comma?)");
  const std::size_t eq = text.find('=');
  const StageDefinition& definition = definitionOf(trim(text.substr(0, eq)));
  const bool hasParams = eq != std::string_view::npos;
  const std::vector<std::string_view> given =
      hasParams ? split(text.substr(eq + 1), ':') : std::vector<std::string_view>{};
  if (hasParams && definition.params.empty()) fail(definition.id + " takes no parameters (got " + quoted(text) + ")");

  std::vector<std::string> values(definition.params.size());
  std::size_t next = 0;
  for (std::size_t i = 0; i < definition.params.size(); ++i) {
    const ParamDescriptor& param = definition.params[i];
    if (!paramInEffect(definition, param, values)) continue;
    if (param.type == ParamType::Assignments) {  // the rest of the tokens
      std::string rest;
      for (; next < given.size(); ++next) {
        if (!rest.empty()) rest += ':';
        rest.append(given[next]);
      }
      values[i] = canonicalValue(definition, param, rest);
    } else if (next < given.size()) {
      values[i] = canonicalValue(definition, param, given[next++]);
    } else if (!param.defaultValue.empty()) {
      values[i] = param.defaultValue;
    }
  }
  if (next < given.size()) fail("too many parameters in " + quoted(text) + " (syntax: " + syntaxOf(definition) + ")");
  return configured(definition, std::move(values), text);
}

FilterChain parseFilterChain(std::string_view text) {
  if (trim(text).empty()) fail("empty filter list (example: gray=lab,conv=gauss:5,hist=256)");
  FilterChain chain;
  for (std::string_view stage : split(text, ',')) chain.push_back(parseStage(stage));
  return chain;
}

std::string formatStage(const StageSpec& stage) {
  const StageDefinition& definition = *stage.definition;
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < definition.params.size(); ++i) {
    const bool noAssignments = definition.params[i].type == ParamType::Assignments && stage.values[i].empty();
    if (paramInEffect(definition, definition.params[i], stage.values) && !noAssignments)
      shown.push_back(stage.values[i]);
  }
  return shown.empty() ? definition.id : definition.id + "=" + joined(shown, ":");
}

std::string formatFilterChain(const FilterChain& chain) {
  std::string text;
  for (const auto& stage : chain) {
    if (!text.empty()) text += ',';
    text += formatStage(stage);
  }
  return text;
}

std::string stageLabel(const StageSpec& stage) {
  if (stage.definition->label) return stage.definition->label(stage);
  std::string label = stage.definition->id;
  for (const auto& value : stage.values)
    if (!value.empty()) label += " " + value;
  return label;
}

std::vector<std::string> stageLabels(const FilterChain& chain) {
  std::vector<std::string> labels;
  std::unordered_map<std::string, int> seen;  // one pass: a 10,000-stage chain compared 5*10^7 labels
  for (const auto& stage : chain) {
    const std::string base = stageLabel(stage);
    const int before = seen[base]++;
    labels.push_back(before == 0 ? base : base + " #" + std::to_string(before + 1));
  }
  return labels;
}

std::string filterHelpText() {
  std::ostringstream text;
  text << "Stages (--filters STAGE,STAGE,...; parameters after '=' separated by ':', trailing ones optional):\n";
  for (const StageDefinition* stage : stageRegistry().all()) {
    text << "  " << syntaxOf(*stage) << "\n      " << stage->displayName << ": " << stage->help << "\n";
    for (const auto& param : stage->params) {
      text << "      " << param.id << ": " << param.help;
      if (param.type == ParamType::Choice && param.choices.size() > 3) text << " (" << joined(param.choices) << ")";
      if (param.type == ParamType::Int)
        text << " (" << intRange(param) << (param.step > 1 ? ", step " + std::to_string(param.step) : "") << ")";
      if (param.type == ParamType::Float) text << " (" << realRange(param) << ")";
      if (!param.defaultValue.empty()) text << "; default " << param.defaultValue;
      text << "\n";
    }
  }
  text << "Example: --filters \"" << formatFilterChain(defaultFilterChain()) << "\"\n";
  return text.str();
}

FilterChain defaultFilterChain() { return parseFilterChain("gray=lab,conv=gauss:5:clamp,hist=256"); }

std::vector<ParamDescriptor> instanceParams(const StageSpec& stage) {
  if (!stage.definition || !stage.definition->instanceParams || !stage.config) return {};
  return stage.definition->instanceParams(stage);
}

std::string assignmentsOf(const StageSpec& stage) {
  const int index = assignmentsIndex(*stage.definition);
  return index < 0 || static_cast<std::size_t>(index) >= stage.values.size()
             ? std::string()
             : stage.values[static_cast<std::size_t>(index)];
}

std::string instanceValue(const StageSpec& stage, const ParamDescriptor& param) {
  const std::string assignments = assignmentsOf(stage);  // split() views into it: it must outlive the loop
  for (std::string_view token : split(assignments, ':')) {
    const std::size_t equals = token.find('=');
    if (equals != std::string_view::npos && token.substr(0, equals) == param.id)
      return std::string(token.substr(equals + 1));
  }
  return param.defaultValue;
}

std::string withAssignment(const std::string& assignments, const std::string& id, const std::string& value) {
  std::string result;
  bool replaced = false;
  for (std::string_view token : split(assignments, ':')) {
    if (token.empty()) continue;
    const std::size_t equals = token.find('=');
    std::string item(token);
    if (equals != std::string_view::npos && token.substr(0, equals) == id) {
      item = id + "=" + value;
      replaced = true;
    }
    result += (result.empty() ? "" : ":") + item;
  }
  if (!replaced) result += (result.empty() ? "" : ":") + id + "=" + value;
  return result;
}

StageSpec withInstanceValue(const StageSpec& stage, const std::string& id, const std::string& value) {
  const int index = assignmentsIndex(*stage.definition);
  KC_REQUIRE(index >= 0, "stage '" + stage.id() + "' has no instance parameters");
  std::vector<std::string> values = stage.values;
  values[static_cast<std::size_t>(index)] = withAssignment(values[static_cast<std::size_t>(index)], id, value);
  return makeStage(*stage.definition, std::move(values));
}

const StageSpec* firstStageNeedingCuda(const FilterChain& chain) {
  for (const StageSpec& stage : chain)
    if (stage.definition->needsCuda) return &stage;
  return nullptr;
}

std::string needsCudaMessage(const StageSpec& stage) { return "the " + stage.id() + " stage needs CUDA"; }

std::vector<std::string> chainInputFiles(const FilterChain& chain) {
  std::vector<std::string> files;
  for (const StageSpec& stage : chain) {
    const StageDefinition& definition = *stage.definition;
    if (definition.inputFiles) {
      for (std::string& file : definition.inputFiles(stage)) files.push_back(std::move(file));
      continue;
    }
    for (std::size_t i = 0; i < definition.params.size() && i < stage.values.size(); ++i)
      if (definition.params[i].type == ParamType::Text && !stage.values[i].empty()) files.push_back(stage.values[i]);
  }
  return files;
}

std::vector<std::string> stageTextFiles(std::string_view text) {
  text = trim(text);
  const std::size_t eq = text.find('=');
  const StageDefinition* definition = stageRegistry().find(trim(text.substr(0, eq)));
  if (!definition || eq == std::string_view::npos) return {};
  // The tokens where the parser would put them, as written (nothing checked: the stage may not parse).
  const std::vector<std::string_view> given = split(text.substr(eq + 1), ':');
  std::vector<std::string> values(definition->params.size());
  std::vector<std::string> files;
  std::size_t next = 0;
  for (std::size_t i = 0; i < definition->params.size() && next < given.size(); ++i) {
    const ParamDescriptor& param = definition->params[i];
    if (!paramInEffect(*definition, param, values)) continue;
    if (param.type == ParamType::Assignments) break;  // the rest: NAME=VALUE tokens, no file
    values[i] = std::string(trim(given[next++]));
    if (param.type == ParamType::Text && !values[i].empty()) files.push_back(values[i]);
  }
  return files;
}

}  // namespace kc
