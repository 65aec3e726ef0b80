import ParlanceCatalogs

extension Language {
    /// The region's flag, from the tag's region or, when it names none, the region where
    /// the language is most spoken (`it` → 🇮🇹); `nil` for numeric regions such as `419`.
    public var flag: String? {
        guard let region = region ?? likelyRegion, region.count == 2 else { return nil }
        var flag = ""
        for scalar in region.unicodeScalars {
            guard let indicator = Unicode.Scalar(0x1F1E6 + scalar.value - 0x41) else { return nil }
            flag.unicodeScalars.append(indicator)
        }
        return flag
    }

    /// The region CLDR's likely subtags give the language: `IT` for `it`, `US` for `en`.
    public var likelyRegion: String? {
        LikelySubtags.maximize(language: languageCode, script: script, region: region)?.region
    }
}
