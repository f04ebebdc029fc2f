#pragma once
// The page's languages: every user-facing string has English as its source and is looked up by that
// English text in one table (web/strings/*.json: compiled in natively; the page fetches a language's words
// when it speaks it, see load_language_words), which gives its Dutch and Spanish. `x-long` is a
// pseudo-locale made from the English: accented and 40 % longer between brackets,
// so a layout test shows what a longer language would clip or leave untranslated.
//
// Formats keep their printf conversions: a translation has the same conversions in the same order as its
// English (checked for every entry by tests/web/language_test.cpp), so `trf` formats it with the
// arguments the compiler checked against the English.
//
// Pure C++ (no ImGui, no Emscripten).

#include <string>
#include <string_view>
#include <vector>

namespace carvallo::web {

/// The languages the page speaks, by their link code (`lang=`): "en", "nl", "es", "x-long".
const std::vector<std::string>& language_codes();
/// Whether a menu offers `code` to a page in `current`: the pseudo-locale (x-long) is for the layout tests,
/// offered only while a link has chosen it.
inline bool language_offered(const std::string& code, const std::string& current) { return code != "x-long" || code == current; }
/// A language's name in that language ("Nederlands"), for the menu; the code itself when unknown.
std::string language_name(std::string_view code);
/// The page's language for the browser's preferred languages (navigator.languages, most preferred first,
/// e.g. "nl-BE"): the first whose primary subtag the page speaks, else English.
std::string language_for(const std::vector<std::string>& preferred);
/// The `<html lang>` value of a code: BCP 47 ("en-x-long" for the pseudo-locale).
std::string html_lang(std::string_view code);

/// Makes `code` the language of tr and trf (an unknown code gives English); returns whether it changed.
bool set_language(std::string_view code);
const std::string& language();

/// The active language's text for an English string: the English itself in English, or when the table
/// has no entry. An ImGui label's "##id" suffix is kept as it is. For literals (it keeps what it gave,
/// valid until the language changes).
const char* tr(const char* english);
/// The same for any text, e.g. a message made with numbers in it ("At t = 0.93 s the bicycle fell over"):
/// when the table has no entry for the text itself, the entry of its message_format gives it, with the
/// text's numbers put back in order.
std::string tr(const std::string& english);
/// Whether tr(english) gives every part of it from the table in the active language: the text itself, its
/// message format, each of its sentences, or an entry whose %s stand for what was typed or named
/// ("%s: not a number" for "speed=abc: not a number"); a key, a value, a name, a list of them or anything
/// quoted stays as it is. Always true in English and the pseudo-locale.
bool fully_translated(const std::string& english);
/// The decimal separator of the active language, for numbers said to a screen reader: "," in Dutch and
/// Spanish, where "5.000" reads as five thousand; "." otherwise. Links and typed values keep ".".
char decimal_separator();
/// The English words of an identifier ("steer_torque" -> "steer torque"): a setting's or channel's label,
/// before tr.
std::string words_of(std::string name);
/// Marks an English string of a table for the string table without translating it there: the code that
/// shows it passes it to tr (the table's completeness test finds both).
constexpr const char* translatable(const char* english) { return english; }

/// An English format of the table (its only conversions %s) filled with the arguments, not translated: a
/// message kept in English inside the page (messages(), setState's reply) that tr(std::string) translates
/// where it is shown, finding this entry by its format. Marks the format for the table's completeness test.
std::string message_text(const char* english_format, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/// tr(english_format) formatted with the arguments (printf's rules).
std::string trf(const char* english_format, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/// Whether the page can speak `code` now: English and the pseudo-locale always; Dutch and Spanish once their
/// words are in (compiled in natively and in the tests; in the page, once load_language_words has read the
/// file it fetches for that language only).
bool language_ready(std::string_view code);
/// Makes `json`, {"English": "its text in code"} (one language of web/strings/*.json, as
/// scripts/package_site.mjs writes it), the table's words of `code` (nl, es). False, and the table as it
/// was, for another code or a text without such an entry. The texts tr gave before may differ after.
bool load_language_words(std::string_view code, std::string_view json);
/// The table's text of `english` in `code` (nl, es), or "" when it has none.
std::string translation(std::string_view english, std::string_view code);
/// Every English string of the table.
std::vector<std::string> table_entries();
/// The table's files that could not be read as {"English": {"nl": ..., "es": ...}}, with why (empty when all are fine).
std::vector<std::string> table_problems();
/// A message's table entry: the message with %s for each number in it and %% for a per cent sign
/// ("At t = %s s the bicycle fell over"); numbers within words (RK4, v_w) stay.
std::string message_format(std::string_view message);
/// The pseudo-locale's text of an English string.
std::string pseudo_long(std::string_view english);
/// The printf conversions of a format, in order ("%.2f", "%s"; "%%" is not one).
std::vector<std::string> printf_conversions(std::string_view format);

}  // namespace carvallo::web
