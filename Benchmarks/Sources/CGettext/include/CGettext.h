// glibc's gettext, for the lookup baseline: Swift's Glibc module does not export libintl.
#ifndef PARLANCE_CGETTEXT_H
#define PARLANCE_CGETTEXT_H

/// Binds `domain` to the `.mo` files under `directory` (directory/<lang>/LC_MESSAGES/<domain>.mo),
/// makes it the default domain and selects `language` through LANGUAGE under the C.UTF-8
/// locale. Returns 0 on success, -1 when the locale cannot be set.
int parlance_gettext_setup(const char *directory, const char *domain, const char *language);

/// glibc's gettext(3) in the default domain.
const char *parlance_gettext(const char *message);

#endif
