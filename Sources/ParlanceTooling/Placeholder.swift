public enum ParlanceToolingPlaceholder {}
