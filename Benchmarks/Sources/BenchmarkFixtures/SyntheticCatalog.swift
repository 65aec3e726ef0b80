import Foundation

/// A large String Catalog for benchmarks, written as Xcode lays one out: by default
/// 5,000 keys × 20 languages (about 18 MB), a mix of plain strings (92.5%), plurals
/// (5%) and substitutions with plurals (2.5%), with non-ASCII text and escapes, the same bytes on every run.
///
/// It is built as text, not through `XCStringsWriter`, so benchmarks of the reader
/// and of the writer do not depend on each other.
public enum SyntheticCatalog {
    public static let languages = [
        "ar", "cs", "de", "en", "es", "fr", "he", "hi", "it", "ja",
        "ko", "nl", "pl", "pt-BR", "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant",
    ]

    /// Words per language, so values are the lengths and scripts real translations have.
    public static let words: [String: [String]] = [
        "ar": ["ملف", "مجلد", "حفظ", "إلغاء"], "cs": ["soubor", "složka", "uložit", "zrušit"],
        "de": ["Datei", "Ordner", "Sichern", "Abbrechen"], "en": ["file", "folder", "save", "cancel"],
        "es": ["archivo", "carpeta", "guardar", "cancelar"], "fr": ["fichier", "dossier", "enregistrer", "annuler"],
        "he": ["קובץ", "תיקייה", "שמור", "ביטול"], "hi": ["फ़ाइल", "फ़ोल्डर", "सहेजें", "रद्द"],
        "it": ["file", "cartella", "salva", "annulla"], "ja": ["ファイル", "フォルダ", "保存", "キャンセル"],
        "ko": ["파일", "폴더", "저장", "취소"], "nl": ["bestand", "map", "bewaar", "annuleer"],
        "pl": ["plik", "folder", "zapisz", "anuluj"], "pt-BR": ["arquivo", "pasta", "salvar", "cancelar"],
        "ru": ["файл", "папка", "сохранить", "отменить"], "sv": ["fil", "mapp", "spara", "avbryt"],
        "tr": ["dosya", "klasör", "kaydet", "iptal"], "uk": ["файл", "тека", "зберегти", "скасувати"],
        "zh-Hans": ["文件", "文件夹", "保存", "取消"], "zh-Hant": ["檔案", "檔案夾", "儲存", "取消"],
        // Twenty more, for the launch benchmark's forty-language pack.
        "bg": ["файл", "папка", "запази", "отказ"], "ca": ["fitxer", "carpeta", "desa", "cancel·la"],
        "da": ["fil", "mappe", "gem", "annuller"], "el": ["αρχείο", "φάκελος", "αποθήκευση", "ακύρωση"],
        "fi": ["tiedosto", "kansio", "tallenna", "peru"], "hr": ["datoteka", "mapa", "spremi", "odustani"],
        "hu": ["fájl", "mappa", "mentés", "mégse"], "id": ["berkas", "folder", "simpan", "batal"],
        "ms": ["fail", "folder", "simpan", "batal"], "nb": ["fil", "mappe", "lagre", "avbryt"],
        "ro": ["fișier", "dosar", "salvează", "anulează"], "sk": ["súbor", "priečinok", "uložiť", "zrušiť"],
        "th": ["ไฟล์", "โฟลเดอร์", "บันทึก", "ยกเลิก"], "vi": ["tệp", "thư mục", "lưu", "hủy"],
        "kk": ["файл", "бума", "сақтау", "бас тарту"], "en-GB": ["file", "folder", "save", "cancel"],
        "fr-CA": ["fichier", "dossier", "enregistrer", "annuler"], "es-419": ["archivo", "carpeta", "guardar", "cancelar"],
        "pt-PT": ["ficheiro", "pasta", "guardar", "cancelar"], "zh-HK": ["檔案", "資料夾", "儲存", "取消"],
    ]

    /// Forty languages: the twenty above and twenty more.
    public static let fortyLanguages = languages + [
        "bg", "ca", "da", "el", "fi", "hr", "hu", "id", "ms", "nb",
        "ro", "sk", "th", "vi", "kk", "en-GB", "fr-CA", "es-419", "pt-PT", "zh-HK",
    ]

    /// The catalog's bytes.
    public static func make(keys: Int = 5_000, languages: [String] = SyntheticCatalog.languages) -> Data {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        text.reserveCapacity(keys * languages.count * 180)
        for index in 0..<keys {
            let key = "screen\(index / 50).item\(index).title"
            text += index == 0 ? "" : ",\n"
            text += "    \"\(key)\" : {\n"
            if index % 3 == 0 { text += "      \"comment\" : \"Shown on screen \(index / 50) \\\"quoted\\\"\",\n" }
            text += "      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n"
            for (position, language) in languages.sorted().enumerated() {
                if position > 0 { text += ",\n" }
                text += "        \"\(language)\" : "
                let words = words[language] ?? ["word"]
                switch index % 40 {
                case 0: text += substitution(index, words)
                case 1, 21: text += plural(index, words)
                default: text += unit(phrase(index, words, count: 1 + index % 2), indent: 10)
                }
            }
            text += "\n      }\n    }"
        }
        text += "\n  },\n  \"version\" : \"1.0\"\n}"
        return Data(text.utf8)
    }

    public static func phrase(_ index: Int, _ words: [String], count: Int) -> String {
        (0..<count).map { words[(index + $0 * 7) % words.count] }.joined(separator: " ")
    }

    private static func unit(_ value: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return "{\n\(pad)\"stringUnit\" : {\n\(pad)  \"state\" : \"translated\",\n"
            + "\(pad)  \"value\" : \"\(value)\"\n\(pad)}\n\(pad.dropLast(2))}"
    }

    private static func cases(_ index: Int, _ words: [String], indent: Int, value: (String) -> String) -> String {
        let pad = String(repeating: " ", count: indent)
        let categories = index % 80 == 1 ? ["few", "many", "one", "other"] : ["one", "other"]
        let body = categories.map { category in
            "\(pad)  \"\(category)\" : " + unit(value(category), indent: indent + 4)
        }
        return "{\n\(pad)\"plural\" : {\n" + body.joined(separator: ",\n") + "\n\(pad)}\n\(pad.dropLast(2))}"
    }

    private static func plural(_ index: Int, _ words: [String]) -> String {
        "{\n          \"variations\" : "
            + cases(index, words, indent: 12) { "%lld \(phrase(index, words, count: 2)) (\($0))" }
            + "\n        }"
    }

    private static func substitution(_ index: Int, _ words: [String]) -> String {
        let head = "{\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
            + "            \"value\" : \"%#@items@ \(words[0])\\n\"\n          },\n"
        let variations = cases(index, words, indent: 16) { "%arg \(phrase(index, words, count: 2)) \($0)" }
        return head + "          \"substitutions\" : {\n            \"items\" : {\n"
            + "              \"argNum\" : 1,\n              \"formatSpecifier\" : \"lld\",\n"
            + "              \"variations\" : " + variations + "\n            }\n          }\n        }"
    }
}
