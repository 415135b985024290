"""Battle: choosing the system and the defender and resolving the dice (`battle`), the dice
and their faces (`dice`), hits on pieces and Trophies (`hits`), destroying a city, Outrage and
Ransacking the Court (`outrage`), Raiding (`raid`), and the vocabulary of battle
(`battle_vocabulary`)."""
