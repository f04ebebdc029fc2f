#pragma once
// The QR code of the link shown (a lesson's link with its scene), drawn large over the view for a room of
// phones to scan (View > Show QR code, key Q).

#include "app.hpp"

namespace carvallo::web {

void toggle_qr(App& app);
/// What the code opens and how it closes, as written beside it (and its control's description while shown).
const char* qr_words(const App& app);
void qr_overlay(App& app);

}  // namespace carvallo::web
