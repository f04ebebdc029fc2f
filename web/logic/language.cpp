#include "logic/language.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdarg>
#include <cstdio>
#include <optional>
#include <unordered_map>

namespace carvallo::web {

namespace generated {
// web/strings/*.json as text, written by cmake/EmbedStrings.cmake: file name, then its contents.
struct StringFile {
  const char* name;
  const char* json;
};
extern const StringFile kStringFiles[];
extern const std::size_t kStringFileCount;
}  // namespace generated

namespace {

struct Language {
  const char* code;
  const char* name;  // in itself
  const char* html;  // BCP 47
};
constexpr Language kLanguages[] = {
    {"en", "English", "en"}, {"nl", "Nederlands", "nl"}, {"es", "Español", "es"}, {"x-long", "[Psëüdö-löñg ~~]", "en-x-long"}};
constexpr const char* kTranslated[] = {"nl", "es"};  // the table's languages, in its entries' order

struct Table {
  std::unordered_map<std::string, std::array<std::string, 2>> entries;
  std::vector<std::string> problems;
};

const Table& table() {
  static const Table t = [] {
    Table out;
    for (std::size_t f = 0; f < generated::kStringFileCount; ++f) {
      const auto& file = generated::kStringFiles[f];
      const auto j = nlohmann::json::parse(file.json, nullptr, false);
      if (!j.is_object()) {
        out.problems.push_back(std::string(file.name) + ": not a JSON object");
        continue;
      }
      for (const auto& [english, entry] : j.items()) {
        std::array<std::string, 2> texts;
        for (std::size_t l = 0; l < 2; ++l)
          if (entry.is_object() && entry.contains(kTranslated[l]) && entry[kTranslated[l]].is_string())
            texts[l] = entry[kTranslated[l]].get<std::string>();
        if (!out.entries.emplace(english, texts).second) out.problems.push_back(std::string(file.name) + ": \"" + english + "\" is also in another file");
      }
    }
    return out;
  }();
  return t;
}

std::string g_language = "en";
int g_column = -1;  // kTranslated's index of the language, -1 for English and the pseudo-locale
std::unordered_map<std::string, std::string> g_cache;  // English (with its ##id) -> text in g_language

// ImGui shows a label up to "##"; what follows is its identity and is not text.
std::size_t label_end(std::string_view s) {
  const std::size_t p = s.find("##");
  return p == std::string_view::npos ? s.size() : p;
}

// The length of a printf conversion starting at s[i] == '%' (2 for "%%").
std::size_t conversion_length(std::string_view s, std::size_t i) {
  std::size_t j = i + 1;
  while (j < s.size() && std::string_view("-+ #0123456789.*'hlLqjzt").find(s[j]) != std::string_view::npos) ++j;
  return j < s.size() ? j - i + 1 : j - i;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || is_digit(c); }

// A message made with numbers in it ("At t = 0.93 s the bicycle fell over ..."): its table entry has %s
// where each number is (a number: digits, a point and digits, an exponent; a sign before it when not
// after a word; never part of a word such as RK4 or v_w), and %% for a per cent sign.
struct MessageTemplate {
  std::string format;
  std::vector<std::string> numbers;
};

MessageTemplate message_template(std::string_view text) {
  MessageTemplate t;
  for (std::size_t i = 0; i < text.size();) {
    const bool after_word = i > 0 && (is_word(text[i - 1]) || text[i - 1] == '.');
    const bool sign = text[i] == '-' && i + 1 < text.size() && is_digit(text[i + 1]);
    if (!after_word && (is_digit(text[i]) || sign)) {
      std::size_t j = i + (sign ? 1 : 0);
      while (j < text.size() && is_digit(text[j])) ++j;
      if (j + 1 < text.size() && text[j] == '.' && is_digit(text[j + 1])) {
        ++j;
        while (j < text.size() && is_digit(text[j])) ++j;
      }
      if (j + 1 < text.size() && (text[j] == 'e' || text[j] == 'E')) {
        std::size_t k = j + 1;
        if (k < text.size() && (text[k] == '-' || text[k] == '+')) ++k;
        if (k < text.size() && is_digit(text[k])) {
          while (k < text.size() && is_digit(text[k])) ++k;
          j = k;
        }
      }
      if (j >= text.size() || !is_word(text[j])) {  // "3D", "2nd": part of a word
        t.numbers.emplace_back(text.substr(i, j - i));
        t.format += "%s";
        i = j;
        continue;
      }
    }
    if (text[i] == '%') t.format += '%';
    t.format += text[i];
    ++i;
  }
  return t;
}

// `format`'s %s filled with `numbers` in order, %% made %.
std::string filled(std::string_view format, const std::vector<std::string>& numbers) {
  std::string out;
  std::size_t k = 0;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] == '%' && i + 1 < format.size()) {
      ++i;
      if (format[i] == 's' && k < numbers.size()) out += numbers[k++];
      else if (format[i] == '%') out += '%';
      continue;
    }
    out += format[i];
  }
  return out;
}

// The entry of a text itself, else of its message template (filled with its numbers); nothing when
// the table has neither.
std::optional<std::string> entry_of(const std::string& text) {
  const auto& entries = table().entries;
  if (const auto it = entries.find(text); it != entries.end() && !it->second[g_column].empty()) return it->second[g_column];
  if (const MessageTemplate t = message_template(text); !t.numbers.empty())
    if (const auto it = entries.find(t.format); it != entries.end() && !it->second[g_column].empty())
      return filled(it->second[g_column], t.numbers);
  return std::nullopt;
}

// The text in the active language (not English): its entry; else, for a message of several sentences
// made from parts ("At t = 0.93 s the bicycle fell over ... . Press R (Reset) to start again."), each
// sentence by its entry (a sentence without one stays English); the pseudo-locale's text is made from
// the English.
std::string translated(std::string_view english) {
  const std::size_t end = label_end(english);
  const std::string text(english.substr(0, end));
  std::string out = text;
  if (g_language == "x-long") {
    out = pseudo_long(text);
  } else if (auto whole = entry_of(text)) {
    out = *whole;
  } else if (text.find(". ") != std::string::npos) {
    out.clear();
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t stop = text.find(". ", start);
      stop = stop == std::string::npos ? text.size() : stop + 1;
      const std::string sentence = text.substr(start, stop - start);
      const auto part = entry_of(sentence);
      out += (out.empty() ? "" : " ") + (part ? *part : sentence);
      start = stop;
      while (start < text.size() && text[start] == ' ') ++start;
    }
  }
  return out + std::string(english.substr(end));
}

}  // namespace

const std::vector<std::string>& language_codes() {
  static const std::vector<std::string> codes = [] {
    std::vector<std::string> out;
    for (const auto& l : kLanguages) out.emplace_back(l.code);
    return out;
  }();
  return codes;
}

std::string language_name(std::string_view code) {
  for (const auto& l : kLanguages)
    if (code == l.code) return l.name;
  return std::string(code);
}

std::string language_for(const std::vector<std::string>& preferred) {
  for (const auto& tag : preferred) {
    std::string primary = tag.substr(0, tag.find_first_of("-_"));
    for (char& c : primary) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (const auto& l : kLanguages)
      if (primary == l.code) return primary;
  }
  return "en";
}

std::string html_lang(std::string_view code) {
  for (const auto& l : kLanguages)
    if (code == l.code) return l.html;
  return "en";
}

bool set_language(std::string_view code) {
  std::string chosen = "en";
  for (const auto& l : kLanguages)
    if (code == l.code) chosen = l.code;
  if (chosen == g_language) return false;
  g_language = chosen;
  g_column = -1;
  for (int l = 0; l < 2; ++l)
    if (chosen == kTranslated[l]) g_column = l;
  g_cache.clear();
  return true;
}

const std::string& language() { return g_language; }

const char* tr(const char* english) {
  if (g_language == "en" || english == nullptr) return english;
  auto it = g_cache.find(english);
  if (it == g_cache.end()) it = g_cache.emplace(english, translated(english)).first;
  return it->second.c_str();
}

std::string tr(const std::string& english) { return g_language == "en" ? english : translated(english); }

std::string trf(const char* english_format, ...) {
  const char* format = tr(english_format);
  va_list args;
  va_start(args, english_format);
  va_list again;
  va_copy(again, args);
  // The translation's conversions are the English's, in order (tests/web/language_test.cpp checks every
  // entry), and the compiler checked the arguments against the English format.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  const int n = std::vsnprintf(nullptr, 0, format, args);
  std::string out(n > 0 ? static_cast<std::size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, format, again);
#pragma GCC diagnostic pop
  va_end(again);
  va_end(args);
  return out;
}

std::string translation(std::string_view english, std::string_view code) {
  const auto& entries = table().entries;
  const auto it = entries.find(std::string(english));
  if (it == entries.end()) return "";
  for (int l = 0; l < 2; ++l)
    if (code == kTranslated[l]) return it->second[l];
  return "";
}

std::string message_format(std::string_view message) { return message_template(message).format; }

std::vector<std::string> table_entries() {
  std::vector<std::string> out;
  for (const auto& [english, texts] : table().entries) out.push_back(english);
  return out;
}

std::vector<std::string> table_problems() { return table().problems; }

std::string pseudo_long(std::string_view english) {
  if (english.empty()) return "";
  std::string body;
  std::size_t letters = 0;
  for (std::size_t i = 0; i < english.size();) {
    const char c = english[i];
    if (c == '%') {
      const std::size_t n = conversion_length(english, i);
      body.append(english.substr(i, n));
      letters += n;
      i += n;
      continue;
    }
    ++letters;
    switch (c) {
      case 'a': body += "á"; break;
      case 'e': body += "é"; break;
      case 'i': body += "í"; break;
      case 'o': body += "ö"; break;
      case 'u': body += "ü"; break;
      case 'c': body += "ç"; break;
      case 'n': body += "ñ"; break;
      case 'y': body += "ý"; break;
      case 'A': body += "Å"; break;
      case 'E': body += "É"; break;
      case 'O': body += "Ö"; break;
      case 'U': body += "Ü"; break;
      case 'C': body += "Ç"; break;
      case 'N': body += "Ñ"; break;
      default: body += c;
    }
    ++i;
  }
  // 40 % longer: the brackets, a space and tildes.
  const std::size_t extra = (letters * 4 + 9) / 10;
  std::string out = "[" + body;
  if (extra > 3) out += " " + std::string(extra - 3, '~');
  return out + "]";
}

std::vector<std::string> printf_conversions(std::string_view format) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') continue;
    const std::size_t n = conversion_length(format, i);
    if (format.substr(i, n) != "%%") out.emplace_back(format.substr(i, n));
    i += n - 1;
  }
  return out;
}

}  // namespace carvallo::web
