// Apple's localization API where Foundation lacks it (Linux and other non-Apple platforms),
// served by Parlance. On Apple platforms this module declares nothing of its own: Foundation's
// types are used, so no name is ever ambiguous, and importing it only brings Parlance.
@_exported import Parlance
