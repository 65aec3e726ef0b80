// The launch anchor from C: glibc's gettext maps the compiled .mo file, probes its hash table
// and prints the French string. Usage: launch-gettext <folder holding locale/> <key>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: launch-gettext <fixture folder> <key>\n");
        return 2;
    }
    char locale[4096];
    snprintf(locale, sizeof locale, "%s/locale", argv[1]);
    setenv("LANGUAGE", "fr", 1);
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        fprintf(stderr, "launch-gettext: no C.UTF-8 locale\n");
        return 1;
    }
    bindtextdomain("parlance-bench", locale);
    textdomain("parlance-bench");
    puts(gettext(argv[2]));
    return 0;
}
