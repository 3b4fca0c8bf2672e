//! The proptest configuration shared by the property tests.

use proptest::test_runner::Config as ProptestConfig;

/// `default_cases` cases unless the `PROPTEST_CASES` environment variable says otherwise, and no
/// failure files written beside the sources.
pub fn config(default_cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}
