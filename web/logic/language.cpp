#include "logic/language.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdarg>
#include <cstdio>
#include <optional>
#include <unordered_map>

namespace carvallo::web {

namespace generated {
// web/strings/*.json as text, written by cmake/EmbedStrings.cmake: file name, then its contents. Compiled in
// where the library carvallo_web_strings is linked (the native builds, the tests); the page leaves it out
// and loads a language's words when it needs them (load_language_words, web/platform/page_language.cpp).
// Weak, so that without that object file these are null instead of a link error.
struct StringFile {
  const char* name;
  const char* json;
};
extern const StringFile kStringFiles[] __attribute__((weak));
extern const std::size_t kStringFileCount __attribute__((weak));
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

// kTranslated's index of a language, -1 for one the table does not translate into.
int column_of(std::string_view code) {
  for (int l = 0; l < 2; ++l)
    if (code == kTranslated[l]) return l;
  return -1;
}

struct Table {
  std::unordered_map<std::string, std::array<std::string, 2>> entries;
  std::vector<std::string> problems;
  int generation = 0;  // changes with every load, for what is derived from the entries
  std::array<bool, 2> has{};  // whether kTranslated's language's texts are in
};

// One file of the table, {"English": {"nl": ..., "es": ...}}, into `out`.
void add_file(Table& out, const std::string& name, std::string_view json) {
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (!j.is_object()) {
    out.problems.push_back(name + ": not a JSON object");
    return;
  }
  for (const auto& [english, entry] : j.items()) {
    std::array<std::string, 2> texts;
    for (std::size_t l = 0; l < 2; ++l)
      if (entry.is_object() && entry.contains(kTranslated[l]) && entry[kTranslated[l]].is_string())
        texts[l] = entry[kTranslated[l]].get<std::string>();
    if (!out.entries.emplace(english, texts).second) out.problems.push_back(name + ": \"" + english + "\" is also in another file");
  }
}

Table& table() {
  static Table t = [] {
    Table out;
    if (&generated::kStringFileCount != nullptr) {
      for (std::size_t f = 0; f < generated::kStringFileCount; ++f)
        add_file(out, generated::kStringFiles[f].name, generated::kStringFiles[f].json);
      out.has = {true, true};
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

// A table entry whose only conversions are %s, as a pattern a shown text can match: a message made at
// run time with what was typed or named in it ("speed=abc: not a number", "setState ignored ...") finds
// its entry ("%s: not a number") though the typed part is no number.
struct Pattern {
  std::string english;
  std::vector<std::string> literals;  // around the %s: one more than the %s
  std::size_t literal_size = 0;       // the most specific pattern is tried first
};

const std::vector<Pattern>& patterns() {
  static std::vector<Pattern> out;
  static int made_for = -1;
  if (made_for == table().generation) return out;
  made_for = table().generation;
  out = [] {
    std::vector<Pattern> all;
    for (const auto& [english, texts] : table().entries) {
      Pattern p{english, {""}, 0};
      bool usable = true;
      for (std::size_t i = 0; i < english.size() && usable; ++i) {
        if (english[i] != '%') {
          p.literals.back() += english[i];
          continue;
        }
        const std::size_t n = conversion_length(english, i);
        if (english.compare(i, n, "%%") == 0) p.literals.back() += '%';
        else if (english.compare(i, n, "%s") == 0) p.literals.emplace_back();
        else usable = false;  // a trf format (%d, %.2f): shown through trf, never matched
        i += n - 1;
      }
      if (!usable || p.literals.size() < 2) continue;
      // Two %s side by side cannot be told apart; a pattern of %s and spaces alone would match anything.
      for (std::size_t k = 1; k + 1 < p.literals.size(); ++k) usable = usable && !p.literals[k].empty();
      for (const auto& l : p.literals) p.literal_size += l.size();
      bool words = false;
      for (const auto& l : p.literals)
        for (char c : l) words = words || (c != ' ' && c != ',');
      if (usable && words) all.push_back(std::move(p));
    }
    std::stable_sort(all.begin(), all.end(), [](const Pattern& a, const Pattern& b) {
      return a.literal_size != b.literal_size ? a.literal_size > b.literal_size : a.english < b.english;
    });
    return all;
  }();
  return out;
}

// Each way `text` fits `p` (the captures, in order) until `found` says stop; returns whether it stopped.
template <class Found>
bool each_match(const Pattern& p, std::string_view text, std::size_t k, std::size_t pos, std::vector<std::string>& captures, Found&& found) {
  const auto& lit = p.literals;
  if (k == 0) {
    if (text.substr(0, lit[0].size()) != lit[0]) return false;
    return each_match(p, text, 1, lit[0].size(), captures, found);
  }
  if (k + 1 == lit.size()) {  // the last literal ends the text; the capture before it is not empty
    if (text.size() < pos + 1 + lit[k].size() || text.substr(text.size() - lit[k].size()) != lit[k]) return false;
    captures.emplace_back(text.substr(pos, text.size() - lit[k].size() - pos));
    const bool stop = found(captures);
    captures.pop_back();
    return stop;
  }
  for (std::size_t q = text.find(lit[k], pos + 1); q != std::string_view::npos; q = text.find(lit[k], q + 1)) {
    captures.emplace_back(text.substr(pos, q - pos));
    const bool stop = each_match(p, text, k + 1, q + lit[k].size(), captures, found);
    captures.pop_back();
    if (stop) return true;
  }
  return false;
}

struct ShownText {
  std::string text;
  bool complete = false;  // every part from the table (what was typed or named aside)
};

ShownText shown_text(const std::string& text);

// What a pattern's %s took: what was typed or named (a key, a value, a name, a list of them, anything
// quoted) stays as it is; a sentence is translated.
ShownText captured(const std::string& part) {
  bool plain = true;
  std::size_t start = 0;
  while (plain && start <= part.size()) {
    std::size_t stop = part.find(", ", start);
    if (stop == std::string::npos) stop = part.size();
    const std::string_view piece = std::string_view(part).substr(start, stop - start);
    const bool quoted = piece.size() >= 2 && piece.front() == '\'' && piece.back() == '\'';
    plain = quoted || piece.find(' ') == std::string_view::npos;
    start = stop + 2;
  }
  return plain ? ShownText{part, true} : shown_text(part);
}

// `format`'s %s filled with `parts` in order, %% made %.
std::string filled_with(std::string_view format, const std::vector<ShownText>& parts) {
  std::vector<std::string> texts;
  for (const auto& p : parts) texts.push_back(p.text);
  return filled(format, texts);
}

// Results by English text (patterns match recursively, so a message's parts are looked up once).
std::unordered_map<std::string, ShownText> g_shown;

// The text in the active language (not English or the pseudo-locale): its entry; else, for a message of
// several sentences made from parts ("At t = 0.93 s the bicycle fell over ... . Press R (Reset) to start
// again."), each sentence's; else the most specific pattern it fits, its parts translated; a part
// without an entry stays English (complete is then false).
ShownText shown_text(const std::string& text) {
  if (const auto it = g_shown.find(text); it != g_shown.end()) return it->second;
  ShownText out{text, false};
  if (auto whole = entry_of(text)) {
    out = {*whole, true};
  } else if (const std::size_t spaces = text.find_first_not_of(' '); spaces > 0 && spaces != std::string::npos) {
    out = shown_text(text.substr(spaces));  // an indented line of a message
    out.text.insert(0, spaces, ' ');
  } else {
    std::optional<ShownText> by_sentence;
    if (text.find(". ") != std::string::npos) {
      ShownText joined{"", true};
      std::size_t start = 0;
      while (start < text.size()) {
        std::size_t stop = text.find(". ", start);
        stop = stop == std::string::npos ? text.size() : stop + 1;
        const ShownText part = stop - start < text.size() ? shown_text(text.substr(start, stop - start)) : ShownText{text.substr(start, stop - start), false};
        joined.text += (joined.text.empty() ? "" : " ") + part.text;
        joined.complete = joined.complete && part.complete;
        start = stop;
        while (start < text.size() && text[start] == ' ') ++start;
      }
      by_sentence = joined;
    }
    std::optional<ShownText> by_pattern;
    if (!by_sentence || !by_sentence->complete) {
      std::vector<std::string> captures;
      for (const auto& p : patterns()) {
        const std::string& format = table().entries.at(p.english)[static_cast<std::size_t>(g_column)];
        if (format.empty()) continue;
        const bool stop = each_match(p, text, 0, 0, captures, [&](const std::vector<std::string>& caps) {
          std::vector<ShownText> parts;
          bool complete = true;
          for (const auto& c : caps) {
            parts.push_back(captured(c));
            complete = complete && parts.back().complete;
          }
          if (!by_pattern || complete) by_pattern = ShownText{filled_with(format, parts), complete};
          return complete;
        });
        if (stop) break;
      }
    }
    if (by_sentence && by_sentence->complete) out = *by_sentence;
    else if (by_pattern) out = *by_pattern;
    else if (by_sentence) out = *by_sentence;
  }
  if (g_shown.size() > 20000) g_shown.clear();  // messages with numbers that keep changing
  return g_shown[text] = out;
}

// The text in the active language (not English); the pseudo-locale's text is made from the English.
std::string translated(std::string_view english) {
  const std::size_t end = label_end(english);
  const std::string text(english.substr(0, end));
  const std::string out = g_language == "x-long" ? pseudo_long(text) : shown_text(text).text;
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

char decimal_separator() {
  const std::string& code = language();
  return code == "nl" || code == "es" ? ',' : '.';
}

std::string words_of(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  return name;
}

bool set_language(std::string_view code) {
  std::string chosen = "en";
  for (const auto& l : kLanguages)
    if (code == l.code) chosen = l.code;
  if (chosen == g_language) return false;
  g_language = chosen;
  g_column = column_of(chosen);
  g_cache.clear();
  g_shown.clear();
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

namespace {

std::string formatted(const char* format, va_list args) {
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
  return out;
}

}  // namespace

std::string message_text(const char* english_format, ...) {
  va_list args;
  va_start(args, english_format);
  std::string out = formatted(english_format, args);
  va_end(args);
  return out;
}

std::string trf(const char* english_format, ...) {
  const char* format = tr(english_format);
  va_list args;
  va_start(args, english_format);
  std::string out = formatted(format, args);
  va_end(args);
  return out;
}

bool fully_translated(const std::string& english) {
  if (g_language == "en" || g_language == "x-long") return true;
  return shown_text(english.substr(0, label_end(english))).complete;
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

bool language_ready(std::string_view code) {
  const int l = column_of(code);
  return l < 0 || table().has[static_cast<std::size_t>(l)];
}

bool load_language_words(std::string_view code, std::string_view json) {
  const int l = column_of(code);
  if (l < 0) return false;
  const auto j = nlohmann::json::parse(json, nullptr, false);
  if (!j.is_object()) return false;
  std::vector<std::pair<std::string, std::string>> words;
  for (const auto& [english, text] : j.items())
    if (text.is_string()) words.emplace_back(english, text.get<std::string>());
  if (words.empty()) return false;
  Table& t = table();
  const auto column = static_cast<std::size_t>(l);
  for (auto& entry : t.entries) entry.second[column].clear();
  for (auto& [english, text] : words) t.entries[english][column] = std::move(text);
  t.has[column] = true;
  ++t.generation;
  g_cache.clear();
  g_shown.clear();
  return true;
}

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
