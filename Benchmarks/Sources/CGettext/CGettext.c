#include "CGettext.h"
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>

int parlance_gettext_setup(const char *directory, const char *domain, const char *language) {
    setenv("LANGUAGE", language, 1);
    if (!setlocale(LC_ALL, "C.UTF-8")) return -1;
    bindtextdomain(domain, directory);
    textdomain(domain);
    return 0;
}

const char *parlance_gettext(const char *message) { return gettext(message); }
