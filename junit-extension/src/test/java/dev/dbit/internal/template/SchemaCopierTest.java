package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaCopierTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "CREATE DEFINER=`root`@`localhost` TRIGGER t AFTER INSERT ON a|CREATE TRIGGER t AFTER INSERT ON a",
        "CREATE DEFINER=`` TRIGGER t AFTER INSERT ON a|CREATE TRIGGER t AFTER INSERT ON a",
        "CREATE ALGORITHM=UNDEFINED DEFINER=`app`@`%` SQL SECURITY DEFINER VIEW v AS select 1|CREATE"
            + " ALGORITHM=UNDEFINED SQL SECURITY DEFINER VIEW v AS select 1",
        "CREATE TRIGGER t AFTER INSERT ON a|CREATE TRIGGER t AFTER INSERT ON a",
      })
  void dropsTheDefinerSoCopiesRunAsTheCurrentUser(String ddl, String expected) {
    assertThat(SchemaCopier.withoutDefiner(ddl)).isEqualTo(expected);
  }
}
