package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
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

  @Test
  void constraintNamesWithBackticksAreQuotedEvenWhenTheServerPrintsThemRaw() {
    String printedBy1145 =
        "CREATE TABLE `t` (\n  KEY `fk ``odd``` (`a`),\n  CONSTRAINT `fk `odd`` FOREIGN KEY (`a`)"
            + " REFERENCES `p` (`a`)\n)";
    String printedBy1011 =
        printedBy1145.replace("CONSTRAINT `fk `odd``", "CONSTRAINT `fk ``odd```");

    assertThat(SchemaCopier.requoteConstraints(printedBy1145, List.of("fk `odd`")))
        .isEqualTo(printedBy1011);
    assertThat(SchemaCopier.requoteConstraints(printedBy1011, List.of("fk `odd`")))
        .isEqualTo(printedBy1011);
  }
}
