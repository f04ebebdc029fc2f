// Units in words follow the SI brochure's English names (British spelling, as the rest of the page).
#include "logic/access_text.hpp"

#include "logic/language.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <utility>

namespace carvallo::web {

std::string unit_words(std::string_view unit) {
  static const std::pair<std::string_view, std::string_view> kWords[] = {
      {"m", translatable("metres")}, {"mm", translatable("millimetres")}, {"m/s", translatable("metres per second")},
      {"m/s^2", translatable("metres per second squared")}, {"rad", translatable("radians")},
      {"rad/s", translatable("radians per second")}, {"deg", translatable("degrees")}, {"kg", translatable("kilograms")},
      {"kg m^2", translatable("kilogram square metres")}, {"N m", translatable("newton metres")}, {"N", translatable("newtons")},
      {"s", translatable("seconds")}, {"Hz", translatable("hertz")}, {"1/s", translatable("per second")},
      {"x", translatable("times")}, {"%", translatable("per cent")},
  };
  for (const auto& [u, words] : kWords)
    if (u == unit) return tr(std::string(words));
  return std::string(unit);
}

std::string spoken_number(double value, int decimals) {
  if (!std::isfinite(value)) return tr("not a number");
  decimals = std::max(0, std::min(decimals, 12));
  char text[64];
  // "-0.0" would be read as "minus zero": a value that rounds to zero is said without its sign.
  const double shown = std::abs(value) < 0.5 * std::pow(10.0, -decimals) ? 0.0 : value;
  std::snprintf(text, sizeof text, "%.*f", decimals, shown);
  std::replace(text, text + std::strlen(text), '.', decimal_separator());
  return text;
}

std::string spoken_value(double value, std::string_view unit, int decimals) {
  if (!std::isfinite(value)) return tr("not a number");
  const std::string words = unit_words(unit);
  const std::string number = spoken_number(value, decimals);
  return words.empty() ? number : number + " " + words;
}

std::vector<std::string_view> widget_names(std::string_view names) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t bar = names.find('|', start);
    out.push_back(names.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start));
    if (bar == std::string_view::npos) return out;
    start = bar + 1;
  }
}

std::string controls_json(const std::vector<AccessControl>& controls) {
  nlohmann::json out = nlohmann::json::array();
  auto number = [](double v) -> nlohmann::json { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  for (const auto& c : controls) {
    nlohmann::json j{{"id", c.id}, {"role", c.role}, {"name", c.name}};
    if (!c.rect.empty()) j["rect"] = c.rect;
    if (!c.keys.empty()) j["keys"] = c.keys;
    if (!c.description.empty()) j["description"] = c.description;
    if (!c.heading.empty()) j["heading"] = c.heading;
    if (c.modal) j["modal"] = true;
    if (c.role == "number" || c.role == "slider") {
      j["value"] = number(c.value);
      j["min"] = number(c.min);
      j["max"] = number(c.max);
      if (c.step > 0) j["step"] = number(c.step);
      if (c.arrow_step > 0) j["arrow"] = number(c.arrow_step);
      j["valueText"] = c.value_text;
    }
    if (c.role == "text" || c.role == "textarea") j["text"] = c.text;
    if (c.role == "select") {
      j["options"] = c.options;
      if (!c.option_labels.empty()) j["labels"] = c.option_labels;
      j["option"] = c.option;
    }
    if (c.role == "checkbox" || c.toggle) j["pressed"] = c.pressed;
    if (c.disabled) j["disabled"] = true;
    if (c.disabled && !c.disabled_note.empty()) j["disabledNote"] = c.disabled_note;
    if (!c.error.empty()) j["error"] = c.error;
    if (c.placed) j["box"] = {c.box[0], c.box[1], c.box[2], c.box[3]};
    if (c.placed && c.font_px > 0 && (c.role == "number" || c.role == "text" || c.role == "textarea")) j["font"] = c.font_px;
    out.push_back(std::move(j));
  }
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace carvallo::web
