#include "logic/state_link.hpp"
#include "logic/language.hpp"
#include "logic/rider_state.hpp"
#include "logic/state_fields.hpp"

#include "bicycle/presets.hpp"
#include "carvallo/version.hpp"
#include "registry.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace carvallo::web {

using namespace detail;

namespace {

// The bicycle's settings by their names in older links.
constexpr std::pair<const char*, const char*> kOlderNames[] = {
    {"roll0", "roll"}, {"steer0", "steer"}, {"droll0", "roll_rate"}, {"dsteer0", "steer_rate"}};
// Fields every older link carried whatever its model: passed over silently for a model without them.
constexpr const char* kOlderFields[] = {"speed", "steer_torque", "roll_torque"};

bool has_setting(const std::string& model, std::string_view name) {
  const auto* entry = examples::find_model(model);
  if (!entry) return false;
  return std::any_of(entry->settings.begin(), entry->settings.end(), [&](const examples::Quantity& q) { return q.name == name; });
}

bool has_input(const std::string& model, std::string_view name) {
  const auto& inputs = model_inputs(model);
  return std::any_of(inputs.begin(), inputs.end(), [&](const examples::InputChannel& c) { return c.name == name; });
}

// A key naming one of the state's model's settings or inputs (or an older name of one).
struct ModelKey {
  enum Kind { none, setting, input, passed_over } kind;
  std::string name;  // the registry's name
};

ModelKey model_key(const UiState& s, const std::string& key) {
  if (has_setting(s.model, key)) return {ModelKey::setting, key};
  if (has_input(s.model, key)) return {ModelKey::input, key};
  for (const auto& [older, name] : kOlderNames)
    if (key == older) return has_setting(s.model, name) ? ModelKey{ModelKey::setting, name} : ModelKey{ModelKey::passed_over, key};
  for (const char* older : kOlderFields)
    if (key == older) return {ModelKey::passed_over, key};
  return {ModelKey::none, key};
}

// Sets a setting (a plain number within the registry's range) or an input (a signal spec) from text;
// returns why not, the state unchanged.
std::optional<std::string> set_model_key(UiState& s, const ModelKey& m, std::string_view value) {
  if (m.kind == ModelKey::setting) {
    const auto v = parse_number(value);
    if (!v) return std::string("not a number");
    return set_setting(s, m.name, *v);
  }
  std::string canonical;
  if (auto why = check_torque_spec(value, canonical)) return why;
  s.inputs[m.name] = canonical;
  return std::nullopt;
}

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      auto hex = [](char ch) -> int {
        if (ch >= '0' && ch <= '9') return ch - '0';
        if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
        if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
        return -1;
      };
      const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

bool known_preset(std::string_view name) {
  for (const auto& p : bicycle::presets())
    if (p.name == name) return true;
  return false;
}

std::vector<std::string> preset_list() {
  std::vector<std::string> out;
  for (const auto& p : bicycle::presets()) out.emplace_back(p.name);
  return out;
}

// Overrides of bicycle parameters that make the bicycle unusable are dropped (back to the base values),
// the ones named in an issue first, then all; each drop is reported.
void keep_bike_valid(bicycle::Parameters& bike, const bicycle::Parameters& base,
                     const std::set<std::string>& overridden, std::vector<std::string>& ignored) {
  auto problems = bike_problems(bike);
  if (problems.empty()) return;
  std::set<std::string> dropped;
  for (const auto& issue : problems) {
    for (const auto& name : issue.parameters) {
      if (!overridden.count(name) || dropped.count(name)) continue;
      const auto* d = bicycle::find_parameter(name);
      if (!d) continue;
      bike.*(d->member) = base.*(d->member);
      dropped.insert(name);
    }
  }
  if (!bike_problems(bike).empty()) {
    bike = base;
    for (const auto& name : overridden) dropped.insert(name);
  }
  std::string names;
  for (const auto& n : dropped) names += (names.empty() ? "" : ", ") + n;
  std::string reasons;
  for (const auto& issue : problems) reasons += (reasons.empty() ? "" : "; ") + bicycle::to_string(issue);
  ignored.push_back(names + ": the bicycle would not be physical (" + reasons + "); the preset's values are used");
}

}  // namespace

const char* link_version() { return carvallo::kVersion; }

bool is_reserved_key(std::string_view key) {
  for (const char* own : {"v", "model", "variant", "preset", "bike", "version", "link"})
    if (key == own) return true;
  for (const auto& [older, name] : kOlderNames)
    if (key == older) return true;
  return find_field(key) != nullptr || bicycle::find_parameter(std::string(key)) != nullptr;
}

void summarize_unknown_fields(std::vector<std::string>& ignored) {
  constexpr std::size_t kListed = 5;
  for (const std::string what : {"field", "parameter"}) {
    const std::string suffix = ": unknown " + what;
    std::vector<std::string> keys, rest;
    for (auto& line : ignored) {
      const bool unknown = line.size() > suffix.size() && line.compare(line.size() - suffix.size(), suffix.size(), suffix) == 0;
      if (unknown) keys.push_back(line.substr(0, line.size() - suffix.size()));
      else rest.push_back(std::move(line));
    }
    if (keys.size() > 1) {
      std::string text = std::to_string(keys.size()) + " unknown " + what + "s: ";
      for (std::size_t i = 0; i < keys.size() && i < kListed; ++i) text += (i ? ", " : "") + keys[i];
      if (keys.size() > kListed) text += " and " + std::to_string(keys.size() - kListed) + " more";
      rest.push_back(text);
    } else if (keys.size() == 1) {
      rest.push_back(keys.front() + suffix);
    }
    ignored = std::move(rest);
  }
}

std::string to_link(const UiState& state) {
  UiState s = state;
  std::string out = std::string("v=") + link_version() + "&model=" + s.model;
  if (!s.variant.empty()) out += "&variant=" + s.variant;
  out += "&preset=" + s.preset;
  const bicycle::Parameters base = preset_parameters(s.preset);
  for (const auto& d : bicycle::kParameterTable)
    if (s.bike.*(d.member) != base.*(d.member))
      out += "&" + std::string(d.name) + "=" + format_shortest(s.bike.*(d.member));
  if (const auto* entry = examples::find_model(s.model))
    for (const auto& q : entry->settings) out += "&" + q.name + "=" + format_shortest(setting(s, q.name, q.value));
  for (const auto& channel : model_inputs(s.model)) out += "&" + channel.name + "=" + input_spec(s, channel.name);
  for (const auto& f : fields())
    if (f.kind != Field::Kind::design || f.design(s)) out += "&" + std::string(f.key) + "=" + field_text(f, s);
  return out;
}

bool is_camera_key(const std::string& key) {
  return key == "yaw" || key == "pitch" || key == "dist" || key == "tx" || key == "ty" || key == "tz";
}

std::string to_short_link(const UiState& state) {
  UiState base;
  select_model(base, state.model);
  auto pairs = [](const std::string& link) {
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t start = 0;
    while (start <= link.size()) {
      std::size_t end = link.find('&', start);
      if (end == std::string::npos) end = link.size();
      const std::string piece = link.substr(start, end - start);
      const std::size_t eq = piece.find('=');
      out.emplace_back(piece.substr(0, eq), eq == std::string::npos ? "" : piece.substr(eq + 1));
      start = end + 1;
    }
    return out;
  };
  std::map<std::string, std::string> reference;
  for (auto& [key, value] : pairs(to_link(base))) reference[key] = value;
  std::string out;
  for (const auto& [key, value] : pairs(to_link(state))) {
    const auto it = reference.find(key);
    // The stage plot beside turns=1, or the link would put the turns on the stage (read_link); turns=0 beside
    // stage=turns, or it would open the turns' window (a closed window reopened on a reload).
    const bool always = key == "v" || key == "model" || key == "variant" || key == "preset" || (key == "stage" && state.show_turns) ||
                        (key == "turns" && state.stage == "turns");
    if (always || it == reference.end() || it->second != value) out.append(out.empty() ? "" : "&").append(key + "=" + value);
  }
  return out;
}

LinkReadResult read_link(std::string_view hash, const UiState& defaults) {
  LinkReadResult r{defaults, {}, {}};
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  if (hash.size() > 8192) {
    r.unread = true;
    r.ignored.push_back(translatable("the link is longer than 8192 characters; it was ignored"));
    return r;
  }
  // key -> value, in order; duplicates reported, the last one used.
  std::vector<std::pair<std::string, std::string>> pairs;
  std::vector<std::string> unreadable;  // keys whose value could not be read at all
  std::map<std::string, int> seen;
  std::size_t start = 0;
  while (start <= hash.size()) {
    std::size_t end = hash.find('&', start);
    if (end == std::string_view::npos) end = hash.size();
    const std::string_view piece = hash.substr(start, end - start);
    start = end + 1;
    if (piece.empty()) continue;
    const std::size_t eq = piece.find('=');
    const auto key = percent_decode(piece.substr(0, eq));
    const auto value = eq == std::string_view::npos ? std::optional<std::string>() : percent_decode(piece.substr(eq + 1));
    // A field whose value cannot be read is refused like one whose value is out of range: the caller
    // may keep what is on screen for it.
    if (eq == std::string_view::npos) {
      r.ignored.push_back(message_text("'%s': not of the form key=value", shown(piece).c_str()));
      if (key) unreadable.push_back(*key);
      continue;
    }
    if (!key || !value) {
      r.ignored.push_back("'" + shown(piece) + "': a '%' not followed by two hexadecimal digits");
      if (key) unreadable.push_back(*key);
      continue;
    }
    if (seen[*key]++ == 1) r.ignored.push_back(message_text("%s: given more than once; the last value is used", shown(*key).c_str()));
    pairs.emplace_back(*key, *value);
  }
  std::map<std::string, std::string> last;
  for (const auto& [k, v] : pairs) last[k] = v;
  for (const auto& k : unreadable)
    if (!last.count(k) && !is_reserved_key(k)) r.refused.push_back(k);
  for (const auto& [k, v] : last) r.names_camera = r.names_camera || is_camera_key(k);

  // A link without a version (one typed by hand, "#present=1") is read as this version's, silently.
  if (last.count("v") && last["v"] != link_version())
    r.ignored.push_back("v=" + shown(last["v"]) + ": made by another version; read as version " +
                        std::string(link_version()) + " as far as possible");

  UiState& s = r.state;
  if (auto it = last.find("model"); it != last.end()) {
    const auto names = model_names();
    if (std::find(names.begin(), names.end(), it->second) == names.end())
      r.ignored.push_back(message_text("model=%s: unknown model (known: %s)", shown(it->second).c_str(), quoted(names).c_str()));
    else if (auto why = select_model(s, it->second); !why.empty())  // the menu's choices; the link's own follow
      r.ignored.push_back("model=" + shown(it->second) + ": " + why);
  }
  if (auto it = last.find("variant"); it != last.end()) {
    if (auto v = checked_variant(s.model, it->second)) s.variant = *v;
    else r.ignored.push_back("variant=" + shown(it->second) + ": not a variant of " + s.model + " (" + quoted(variants_of(s.model)) + ")");
  }
  if (auto it = last.find("preset"); it != last.end()) {
    if (known_preset(it->second)) {
      s.preset = it->second;
      s.bike = preset_parameters(s.preset);
    } else {
      r.ignored.push_back(message_text("preset=%s: unknown preset (known: %s)", shown(it->second).c_str(), quoted(preset_list()).c_str()));
    }
  }
  const bicycle::Parameters base = s.bike;
  std::set<std::string> overridden;
  for (const auto& [key, value] : last) {
    if (key == "v" || key == "model" || key == "variant" || key == "preset") continue;
    if (const auto* d = bicycle::find_parameter(key)) {
      if (const auto v = parse_number(value)) {
        s.bike.*(d->member) = *v;
        overridden.insert(key);
      } else {
        r.ignored.push_back(message_text("%s=%s: not a number", key.c_str(), shown(value).c_str()));
        r.refused.push_back(key);
      }
      continue;
    }
    const ModelKey m = model_key(s, key);
    if (m.kind == ModelKey::passed_over) continue;
    if (m.kind != ModelKey::none) {
      if (auto why = set_model_key(s, m, value)) {
        r.ignored.push_back(key + "=" + shown(value) + ": " + *why);
        r.refused.push_back(key);
      }
      continue;
    }
    const Field* f = find_field(key);
    if (!f) {
      r.ignored.push_back(message_text("%s: unknown field", shown(key).c_str()));
      continue;
    }
    if (auto why = set_from_text(*f, s, value)) {
      r.ignored.push_back(key + "=" + shown(value) + ": " + *why);
      r.refused.push_back(key);
    }
  }
  keep_bike_valid(s.bike, base, overridden, r.ignored);
  // A link that opens the steady turns and names no stage plot (made at a desk, where the turns have a
  // window of their own) shows them on the stage as well: on a phone or in presentation the turns have no
  // window, and the link would show none (as the Scenarios menu's Steady turns does, toggle_steady_turns).
  if (last.count("turns") && s.show_turns && !last.count("stage")) s.stage = "turns";
  // And the other way: a link made for a stage whose plot is the turns (a lesson's scene, an embed) and that
  // does not say `turns` opens their window at a desk, where the stage's plot has no place of its own (a
  // lesson's turn scene showed no turns beside the panels until Steady turns was pressed; a tester).
  if (last.count("stage") && s.stage == "turns" && !last.count("turns")) s.show_turns = true;
  summarize_unknown_fields(r.ignored);
  if (!usable_sweep_range(s.sweep_min, s.sweep_max)) {
    r.ignored.push_back("vmin, vmax: the sweep range must have vmax - vmin >= " + format_shortest(kMinSweepSpan) + " m/s; the defaults are used");
    s.sweep_min = usable_sweep_range(defaults.sweep_min, defaults.sweep_max) ? defaults.sweep_min : 0.0;
    s.sweep_max = usable_sweep_range(defaults.sweep_min, defaults.sweep_max) ? defaults.sweep_max : 10.0;
    r.refused.insert(r.refused.end(), {"vmin", "vmax"});
  }
  for (const auto& range : kMapRanges)
    if (const auto why = empty_map_range(s.map, range)) {
      r.ignored.push_back(*why + "; the defaults are used");
      s.map.*range.lo = defaults.map.*range.lo;
      s.map.*range.hi = defaults.map.*range.hi;
      r.refused.insert(r.refused.end(), {range.lo_key, range.hi_key});
    }
  return r;
}

std::vector<std::string> keep_fields(const UiState& from, UiState& to, const std::vector<std::string>& keys) {
  UiState source = from;  // the table's accessors take a mutable state
  const bicycle::Parameters link_bike = to.bike;
  std::vector<std::string> kept, parameters;
  for (const auto& key : keys) {
    if (std::find(kept.begin(), kept.end(), key) != kept.end()) continue;
    if (const auto* d = bicycle::find_parameter(key)) {
      to.bike.*(d->member) = from.bike.*(d->member);
      parameters.push_back(key);
      kept.push_back(key);
      continue;
    }
    if (const ModelKey m = model_key(to, key); from.model == to.model && m.kind == ModelKey::setting) {
      if (const auto it = from.settings.find(m.name); it != from.settings.end()) to.settings[m.name] = it->second;
      kept.push_back(key);
      continue;
    } else if (from.model == to.model && m.kind == ModelKey::input) {
      to.inputs[m.name] = input_spec(from, m.name);
      kept.push_back(key);
      continue;
    }
    const Field* f = find_field(key);
    if (!f) continue;
    kept.push_back(key);
    switch (f->kind) {
      case Field::Kind::number: f->number(to) = f->number(source); break;
      case Field::Kind::flag: f->flag(to) = f->flag(source); break;
      case Field::Kind::word:
      case Field::Kind::text: f->word(to) = f->word(source); break;
      case Field::Kind::scale: f->scale(to) = f->scale(source); break;
      case Field::Kind::design: f->design(to) = f->design(source); break;
    }
  }
  // The screen's value of a parameter beside the link's others may not make a physical bicycle.
  if (!parameters.empty() && !bike_problems(to.bike).empty()) {
    to.bike = link_bike;
    std::erase_if(kept, [&](const std::string& k) { return std::find(parameters.begin(), parameters.end(), k) != parameters.end(); });
  }
  return kept;
}

nlohmann::json to_json(const UiState& state) {
  UiState s = state;
  nlohmann::json j;
  j["version"] = link_version();
  j["model"] = s.model;
  j["variant"] = s.variant;
  j["preset"] = s.preset;
  nlohmann::json bike = nlohmann::json::object();
  for (const auto& d : bicycle::kParameterTable) bike[std::string(d.name)] = s.bike.*(d.member);
  j["bike"] = bike;
  if (const auto* entry = examples::find_model(s.model))
    for (const auto& q : entry->settings) j[q.name] = setting(s, q.name, q.value);
  for (const auto& channel : model_inputs(s.model)) j[channel.name] = input_spec(s, channel.name);
  for (const auto& f : fields()) {
    switch (f.kind) {
      case Field::Kind::number: j[f.key] = f.number(s); break;
      case Field::Kind::flag: j[f.key] = f.flag(s); break;
      case Field::Kind::word: j[f.key] = f.word(s); break;
      case Field::Kind::text: j[f.key] = f.word(s); break;
      case Field::Kind::scale: j[f.key] = field_text(f, s); break;
      case Field::Kind::design: {
        const auto& d = f.design(s);
        if (!d) {
          j[f.key] = nullptr;
          break;
        }
        nlohmann::json design = nlohmann::json::object();
        for (const auto& e : bicycle::kParameterTable) design[std::string(e.name)] = (*d).*(e.member);
        j[f.key] = design;
        break;
      }
    }
  }
  j["link"] = to_link(s);
  return j;
}

namespace {

// setState's Infinity, -Infinity or NaN: JSON has none, the page (pre.js) sends {"carvallo:nonfinite": "Infinity"}.
std::optional<std::string> non_finite(const nlohmann::json& value) {
  if (!value.is_object() || value.size() != 1) return std::nullopt;
  const auto it = value.find("carvallo:nonfinite");
  if (it == value.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

std::vector<std::string> apply_json(UiState& state, const nlohmann::json& partial) {
  std::vector<std::string> ignored;
  if (!partial.is_object()) {
    ignored.push_back(translatable("setState expects an object of fields, e.g. {speed: 4}"));
    return ignored;
  }
  UiState s = state;
  if (auto it = partial.find("model"); it != partial.end()) {
    const auto names = model_names();
    if (it->is_string() && std::find(names.begin(), names.end(), it->get<std::string>()) != names.end()) {
      if (auto why = select_model(s, it->get<std::string>()); !why.empty()) ignored.push_back("model: " + why);
    } else {
      ignored.push_back("model: unknown model (known: " + quoted(names) + ")");
    }
  }
  if (auto it = partial.find("variant"); it != partial.end()) {
    const auto v = it->is_string() ? checked_variant(s.model, it->get<std::string>()) : std::nullopt;
    if (v) s.variant = *v;
    else ignored.push_back("variant: not a variant of " + s.model + " (" + quoted(variants_of(s.model)) + ")");
  }
  if (auto it = partial.find("preset"); it != partial.end()) {
    if (it->is_string() && known_preset(it->get<std::string>())) {
      s.preset = it->get<std::string>();
      s.bike = preset_parameters(s.preset);
    } else {
      ignored.push_back("preset: unknown preset (known: " + quoted(preset_list()) + ")");
    }
  }
  if (auto it = partial.find("bike"); it != partial.end()) {
    if (!it->is_object()) {
      ignored.push_back("bike: expected an object of parameters, e.g. {w: 1.1}");
    } else {
      bicycle::Parameters candidate = s.bike;
      for (const auto& [key, value] : it->items()) {
        const auto* d = bicycle::find_parameter(key);
        if (!d) ignored.push_back("bike." + shown(key) + ": unknown parameter");
        else if (!value.is_number() || !std::isfinite(value.get<double>()))
          ignored.push_back("bike." + key + ": not a finite number");
        else candidate.*(d->member) = value.get<double>();
      }
      const auto problems = bike_problems(candidate);
      if (problems.empty()) s.bike = candidate;
      for (const auto& issue : problems)
        ignored.push_back("bike: not applied, the bicycle would not be physical: " + bicycle::to_string(issue));
    }
  }
  for (const auto& [key, value] : partial.items()) {
    if (key == "model" || key == "variant" || key == "preset" || key == "bike" || key == "version" || key == "link") continue;
    if (const auto what = non_finite(value)) {
      ignored.push_back(key + ": not a finite number (" + shown(*what) + ")");
      continue;
    }
    const ModelKey m = model_key(s, key);
    if (m.kind == ModelKey::passed_over) continue;
    if (m.kind == ModelKey::setting || m.kind == ModelKey::input) {
      const bool number = m.kind == ModelKey::setting;
      if (number ? !value.is_number() : !value.is_string()) {
        ignored.push_back(key + ": wrong type (expected a " + (number ? "number" : "string") + ")");
      } else if (auto why = set_model_key(s, m, number ? format_shortest(value.get<double>()) : value.get<std::string>())) {
        ignored.push_back(key + ": " + *why);
      }
      continue;
    }
    const Field* f = find_field(key);
    if (!f) {
      ignored.push_back(message_text("%s: unknown field", shown(key).c_str()));
      continue;
    }
    std::string text;
    if (f->kind == Field::Kind::design) {
      // null clears; an object of parameters applies on top of the pinned design (or the live bicycle).
      if (value.is_null()) {
        f->design(s).reset();
        continue;
      }
      if (!value.is_object()) {
        ignored.push_back(key + ": expected null or an object of parameters, e.g. {w: 1.1}");
        continue;
      }
      bicycle::Parameters p = f->design(s).value_or(s.bike);
      bool usable = true;
      for (const auto& [name, v] : value.items()) {
        const auto* d = bicycle::find_parameter(name);
        if (!d) ignored.push_back(key + "." + shown(name) + ": unknown parameter");
        else if (!v.is_number() || !std::isfinite(v.get<double>())) ignored.push_back(key + "." + name + ": not a finite number");
        else {
          p.*(d->member) = v.get<double>();
          continue;
        }
        usable = false;
      }
      if (!usable) {
        ignored.push_back(key + ": not applied");
        continue;
      }
      for (const auto& e : bicycle::kParameterTable) text.append(text.empty() ? "" : ",").append(format_shortest(p.*(e.member)));
    } else if (f->kind == Field::Kind::number && value.is_number()) text = format_shortest(value.get<double>());
    else if (f->kind == Field::Kind::flag && value.is_boolean()) text = value.get<bool>() ? "1" : "0";
    else if ((f->kind == Field::Kind::word || f->kind == Field::Kind::scale || f->kind == Field::Kind::text) && value.is_string()) text = value.get<std::string>();
    else {
      ignored.push_back(key + ": wrong type (expected a " +
                        std::string(f->kind == Field::Kind::number ? "number" : f->kind == Field::Kind::flag ? "boolean" : "string") + ")");
      continue;
    }
    // Exact doubles (format_shortest round-trips), range and word checks shared with the link.
    if (auto why = set_from_text(*f, s, text)) ignored.push_back(key + ": " + *why);
  }
  if (!usable_sweep_range(s.sweep_min, s.sweep_max)) {
    ignored.push_back("vmin, vmax: the sweep range must have vmax - vmin >= " + format_shortest(kMinSweepSpan) + " m/s; not changed");
    s.sweep_min = state.sweep_min;
    s.sweep_max = state.sweep_max;
  }
  for (const auto& range : kMapRanges)
    if (const auto why = empty_map_range(s.map, range)) {
      ignored.push_back(*why + "; not changed");
      s.map.*range.lo = state.map.*range.lo;
      s.map.*range.hi = state.map.*range.hi;
    }
  // `link` (and `version`) are getState's outputs: passing getState() back is fine, but a different link
  // is not applied here, and saying so beats ignoring it silently.
  if (const auto it = partial.find("link"); it != partial.end() && !(it->is_string() && it->get<std::string>() == to_link(s)))
    ignored.push_back(translatable("link: read-only here; to open a link, set location.hash to it"));
  if (const auto it = partial.find("version"); it != partial.end() && !(it->is_string() && it->get<std::string>() == link_version()))
    ignored.push_back("version: read-only (this playground is version " + std::string(link_version()) + ")");
  state = s;
  summarize_unknown_fields(ignored);
  return ignored;
}

}  // namespace carvallo::web
